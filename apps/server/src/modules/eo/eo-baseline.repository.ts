import type { RateBaseline } from '@edgeward/contract';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/connect';
import { domains, eoRateBaselines } from '../../db/schema';

// The adaptive frequency control's baselines: one row per eo domain, replaced by the daily computation.

export async function findBaseline(ex: Executor, domainId: number): Promise<RateBaseline | null> {
  const [row] = await ex.select().from(eoRateBaselines).where(eq(eoRateBaselines.domainId, domainId));
  return row
    ? { peakPer10s: row.peakPer10s, averagePer10s: row.averagePer10s, computedAt: row.computedAt.getTime() }
    : null;
}

export async function saveBaseline(ex: Executor, domainId: number, baseline: RateBaseline): Promise<void> {
  const values = {
    peakPer10s: baseline.peakPer10s,
    averagePer10s: baseline.averagePer10s,
    computedAt: new Date(baseline.computedAt),
  };
  await ex
    .insert(eoRateBaselines)
    .values({ domainId, ...values })
    .onConflictDoUpdate({ target: eoRateBaselines.domainId, set: values });
}

/** Every eo domain (of every user), for the daily computation. */
export function eoDomainIdsSystem(ex: Executor): Promise<{ id: number }[]> {
  return ex
    .select({ id: domains.id })
    .from(domains)
    .where(and(eq(domains.variant, 'eo')));
}
