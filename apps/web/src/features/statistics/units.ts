/*
 * How the statistics screens write figures: traffic in binary units (as packages count it: 1 GB = 1024^3 bytes),
 * bandwidth in decimal bits per second (as links are sold), hit rates as percentages.
 */

const byteUnits = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'] as const;
const bitUnits = ['bps', 'Kbps', 'Mbps', 'Gbps', 'Tbps'] as const;

function scaled(value: number, base: number, units: readonly string[]): string {
  let index = 0;
  let amount = value;
  while (amount >= base && index < units.length - 1) {
    amount /= base;
    index += 1;
  }
  return `${index === 0 ? amount.toFixed(0) : amount.toFixed(2)} ${units[index]}`;
}

export function formatBytes(bytes: number): string {
  return scaled(bytes, 1024, byteUnits);
}

export function formatBps(bps: number): string {
  return scaled(bps, 1000, bitUnits);
}

export function formatCount(count: number): string {
  return count.toLocaleString('en-US');
}

/** A share between 0 and 1; null (nothing requested) is '-'. */
export function formatRate(rate: number | null): string {
  return rate === null ? '-' : `${(rate * 100).toFixed(2)}%`;
}

/**
 * The change from the previous period as a signed fraction: null where it cannot be said (nothing before, or a
 * rate missing on either side).
 */
export function changeOf(value: number | null, previous: number | null): number | null {
  if (value === null || previous === null || previous === 0) return null;
  return (value - previous) / previous;
}
