import type { Db } from '../../db/connect';
import { demoLogLines } from './demo-traffic';
import { demoProfileOf, withoutTraffic } from './demo-traffic-profiles';
import { domainsOfUser } from './domain-directory';
import type { TrafficIngest } from './traffic-ingest.service';

const DAY_MS = 86_400_000;

export interface DemoTrafficOptions {
  days?: number;
  /** Multiplies every domain's request rate. */
  scale?: number;
  seed?: number;
}

/**
 * A week (by default) of generated access logs for a user's domains, pushed through the ingestion one batch per
 * domain (one transaction each: the fewest statements, since the demo account's first start waits for it).
 * Answers the lines accepted and the batches.
 */
export async function addDemoTraffic(
  db: Db,
  ingest: TrafficIngest,
  userId: number,
  now: Date,
  options: DemoTrafficOptions = {},
): Promise<{ lines: number; batches: number }> {
  const { days = 7, scale = 1, seed = 1 } = options;
  const end = now.getTime();
  const start = end - days * DAY_MS;
  let lines = 0;
  let batches = 0;
  for (const domain of await domainsOfUser(db, userId)) {
    if (withoutTraffic.has(domain.domainName)) continue;
    const text = [...demoLogLines(demoProfileOf(domain.domainName, scale), start, end, seed)].join('\n');
    const result = await ingest.ingest({ node: 'demo', text });
    lines += result.accepted;
    batches++;
  }
  return { lines, batches };
}
