import { describe, expect, it } from 'vitest';
import { shareTraffic, type TrafficWindow } from './traffic-sharing';

const day = 86_400_000;
const at = (d: number) => new Date(Date.UTC(2026, 0, 1) + d * day);
/** One byte per millisecond of traffic, a steady account. */
const steady = async (from: Date, to: Date) => BigInt(+to - +from);

function window(id: number, fromDay: number, toDay: number, quota: number, expiresDay = toDay): TrafficWindow {
  return { id, from: at(fromDay), to: at(toDay), quota: BigInt(quota), expiresAt: at(expiresDay) };
}

describe('shareTraffic', () => {
  it('counts a lone package its own window, capped at its quota', async () => {
    const used = await shareTraffic([window(1, 0, 2, 10 * day)], steady);
    expect(used.get(1)).toBe(BigInt(2 * day));
    expect((await shareTraffic([window(1, 0, 2, day)], steady)).get(1)).toBe(BigInt(day));
  });

  it('never counts the same bytes twice where packages overlap: the one expiring first is drawn first', async () => {
    const used = await shareTraffic([window(1, 0, 4, 10 * day, 30), window(2, 1, 3, 10 * day, 10)], steady);
    // Days 1 to 3 go to package 2 (it expires first); days 0-1 and 3-4 to package 1.
    expect(used.get(2)).toBe(BigInt(2 * day));
    expect(used.get(1)).toBe(BigInt(2 * day));
  });

  it('moves on to the next package once the first is used up, and counts overflow against none', async () => {
    const used = await shareTraffic([window(1, 0, 4, day, 5), window(2, 0, 4, 2 * day, 6)], steady);
    expect(used.get(1)).toBe(BigInt(day));
    expect(used.get(2)).toBe(BigInt(2 * day));
  });

  it('measures each stretch once, and skips stretches without a package in force', async () => {
    const asked: [number, number][] = [];
    const counting = async (from: Date, to: Date) => {
      asked.push([+from, +to]);
      return steady(from, to);
    };
    await shareTraffic([window(1, 0, 1, 10), window(2, 2, 3, 10 * day)], counting);
    expect(asked).toEqual([
      [+at(0), +at(1)],
      [+at(2), +at(3)],
    ]);
  });

  it('draws the package expiring first whatever order the packages come in, the older one first on a tie', async () => {
    const early = window(2, 1, 3, 10 * day, 10);
    const late = window(1, 0, 4, 10 * day, 30);
    for (const windows of [
      [early, late],
      [late, early],
    ]) {
      const used = await shareTraffic(windows, steady);
      expect([used.get(2), used.get(1)]).toEqual([BigInt(2 * day), BigInt(2 * day)]);
    }
    for (const ids of [
      [3, 4],
      [4, 3],
    ]) {
      const used = await shareTraffic(
        ids.map((id) => window(id, 0, 1, 10 * day, 5)),
        steady,
      );
      expect([used.get(3), used.get(4)], `${ids}`).toEqual([BigInt(day), 0n]);
    }
  });

  it('draws a package over several stretches only up to what is left of its quota', async () => {
    // Days 0-2 use 2 of package 1's 3 days; of days 2-4 it takes the 1 left, package 2 the rest.
    const used = await shareTraffic([window(1, 0, 4, 3 * day, 5), window(2, 2, 4, 10 * day, 6)], steady);
    expect([used.get(1), used.get(2)]).toEqual([BigInt(3 * day), BigInt(day)]);
  });

  it('asks for no stretch whose packages are used up, and does not split one where a package began and ended at once', async () => {
    const asked: [number, number][] = [];
    const counting = async (from: Date, to: Date) => {
      asked.push([+from, +to]);
      return steady(from, to);
    };
    // Package 1 is used up within day 0; package 2 holds day 1 only; package 3 was revoked as it began.
    await shareTraffic([window(1, 0, 3, day / 2), window(2, 1, 2, 10 * day), window(3, 1.5, 1.5, 10 * day)], counting);
    expect(asked).toEqual([
      [+at(0), +at(1)],
      [+at(1), +at(2)],
    ]);
  });
});
