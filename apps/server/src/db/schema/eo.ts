import { bigint, pgTable } from 'drizzle-orm/pg-core';
import { at, id } from './columns';
import { domains } from './domains';

/** The adaptive frequency control's baseline of each eo domain, recomputed daily (migration 0018). */
export const eoRateBaselines = pgTable('eo_rate_baselines', {
  domainId: id('domain_id')
    .primaryKey()
    .references(() => domains.id, { onDelete: 'cascade' }),
  peakPer10s: bigint('peak_per_10s', { mode: 'number' }).notNull(),
  averagePer10s: bigint('average_per_10s', { mode: 'number' }).notNull(),
  computedAt: at('computed_at').notNull(),
});
