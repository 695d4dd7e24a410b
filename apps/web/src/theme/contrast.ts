/** WCAG 2 contrast arithmetic on `#rrggbb` colours. */

function channels(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function toHex([r, g, b]: [number, number, number]): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

/** WCAG 2's relative luminance. */
function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two colours, 1 to 21. */
export function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** `color` moved the fraction `amount` of the way to `toward`. */
export function mix(color: string, toward: string, amount: number): string {
  const from = channels(color);
  const to = channels(toward);
  return toHex(from.map((c, i) => c + (to[i]! - c) * amount) as [number, number, number]);
}

/** A foreground and the background it is read on. */
export type ColourPair = readonly [foreground: string, background: string];

/**
 * The colour nearest to `color` on its way to `toward` (black on a light page, white on a dark one) whose pairs all
 * reach `ratio`. The pairs are asked of each candidate, since what is read (and on what) may be derived from it.
 */
export function withContrast(
  color: string,
  toward: string,
  ratio: number,
  pairsOf: (candidate: string) => readonly ColourPair[],
): string {
  for (let step = 0; step <= 50; step++) {
    const candidate = mix(color, toward, step / 50);
    if (pairsOf(candidate).every(([foreground, background]) => contrast(foreground, background) >= ratio)) {
      return candidate;
    }
  }
  return toward;
}
