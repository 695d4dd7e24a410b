/**
 * A fixed-window counter per key, in memory. Enough for one instance; the login lockout itself is decided from
 * the login log in the database, so it holds across instances and restarts.
 */
export function createRateLimiter(options: { windowMs: number; max: number; now?: () => number }) {
  const now = options.now ?? Date.now;
  const windows = new Map<string, { start: number; count: number }>();
  return {
    /** Counts one hit; false when the key is over its limit in the current window. */
    hit(key: string): boolean {
      const t = now();
      const current = windows.get(key);
      if (!current || t - current.start >= options.windowMs) {
        if (windows.size > 10_000) windows.clear();
        windows.set(key, { start: t, count: 1 });
        return true;
      }
      current.count += 1;
      return current.count <= options.max;
    },
  };
}
