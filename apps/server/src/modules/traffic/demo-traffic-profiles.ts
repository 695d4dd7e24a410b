import type { DemoProfile } from './demo-traffic';

/**
 * The demo account's traffic by domain name: the sample domains that were serving (sample-data.ts of the domain
 * area) get a week of it; a name not listed gets the default. Sized so that writing the week stays well under a
 * second or two at the first start.
 */
const profiles: Record<string, Omit<DemoProfile, 'host'>> = {
  'www.example.com': { peakRequests: 9, hitRatio: 0.92, meanBytes: 500_000 },
  'static.example.com': { peakRequests: 6, hitRatio: 0.97, meanBytes: 450_000 },
  'download.example.com': { peakRequests: 1, hitRatio: 0.8, meanBytes: 2_000_000 },
  'img.example.com': { peakRequests: 4, hitRatio: 0.9, meanBytes: 90_000 },
};

const fallback: Omit<DemoProfile, 'host'> = { peakRequests: 6, hitRatio: 0.9, meanBytes: 150_000 };

export function demoProfileOf(host: string, scale = 1): DemoProfile {
  const p = profiles[host] ?? fallback;
  return { host, ...p, peakRequests: p.peakRequests * scale };
}

/** Sample domains that never served traffic: still deploying or waiting for review. */
export const withoutTraffic = new Set(['video.example.com', 'api.example.com']);
