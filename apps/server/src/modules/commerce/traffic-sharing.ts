/** A traffic package's window: in force from `from` until `to` (expiry, revocation or now), holding `quota` bytes. */
export interface TrafficWindow {
  id: number;
  from: Date;
  to: Date;
  quota: bigint;
  /** Which package is drawn first where several are in force: the one that expires first, as the big consoles do. */
  expiresAt: Date;
}

/**
 * Shares the account's traffic out among its traffic packages: each stretch of time between two package starts or
 * ends is measured once, and its bytes are drawn from the packages in force then, the one expiring first until its
 * quota is used up, then the next. Traffic beyond every quota is counted against none (pay as you go). Answers the
 * bytes each package has used.
 */
export async function shareTraffic(
  windows: readonly TrafficWindow[],
  bytesIn: (from: Date, to: Date) => Promise<bigint>,
): Promise<Map<number, bigint>> {
  const used = new Map(windows.map((w) => [w.id, 0n]));
  const order = [...windows].sort((a, b) => +a.expiresAt - +b.expiresAt || a.id - b.id);
  const edges = [...new Set(windows.flatMap((w) => (w.to > w.from ? [+w.from, +w.to] : [])))].sort((a, b) => a - b);
  for (let i = 0; i + 1 < edges.length; i++) {
    const from = new Date(edges[i]!);
    const to = new Date(edges[i + 1]!);
    const open = order.filter((w) => w.from <= from && w.to >= to && used.get(w.id)! < w.quota);
    if (open.length === 0) continue;
    let left = await bytesIn(from, to);
    for (const w of open) {
      if (left <= 0n) break;
      const room = w.quota - used.get(w.id)!;
      const take = left < room ? left : room;
      used.set(w.id, used.get(w.id)! + take);
      left -= take;
    }
  }
  return used;
}
