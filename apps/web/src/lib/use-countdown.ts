import { useEffect, useState } from 'react';

/** Whole seconds left until `endsAt`, never below zero. */
function secondsLeft(endsAt: number, now: number): number {
  return Math.max(0, Math.ceil((endsAt - now) / 1000));
}

/** A resend countdown: `start(ms)` begins it, `remaining` is the whole seconds left (0 when idle). */
export function useCountdown() {
  const [endsAt, setEndsAt] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (endsAt <= Date.now()) return;
    // Measured against the clock, not counted in ticks, so a throttled background tab still ends on time.
    const timer = setInterval(() => {
      const at = Date.now();
      setNow(at);
      if (at >= endsAt) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [endsAt]);
  return {
    remaining: secondsLeft(endsAt, now),
    start(ms: number) {
      const at = Date.now();
      setNow(at);
      setEndsAt(at + ms);
    },
  };
}
