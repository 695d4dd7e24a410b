import type { AccelerationType, DomainStatus, DomainVariant } from '@edgeward/contract';
import { and, asc, count, desc, eq, like, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connect';
import { likePattern } from '../../db/like';
import { domainConfigs, domainCounts, domains } from '../../db/schema';
import { type DomainRow, domainColumns, sumCounts } from './domain.repository';

// The customer's list and its CSV export: pages, totals and keyset batches of one user's domains.

export interface ListFilter {
  userId: number;
  /** Each variant lists only its own domains. */
  variant: DomainVariant;
  /** Lower-case substring of the name. */
  search?: string;
  status?: DomainStatus;
  type?: AccelerationType;
}

export interface DomainListRow extends DomainRow {
  https: 'on' | 'off';
}

function listWhere(f: ListFilter): SQL | undefined {
  return and(
    eq(domains.userId, f.userId),
    eq(domains.variant, f.variant),
    f.status ? eq(domains.status, f.status) : undefined,
    f.type ? eq(domains.type, f.type) : undefined,
    f.search ? like(domains.domainName, likePattern(f.search)) : undefined,
  );
}

/**
 * The total for a list. Without a search it is a sum over at most (types x statuses) rows of domain_counts, kept
 * exact by triggers: constant time at any size. A name search counts the names the trigram index (migration 0028)
 * finds for it, as many as match; a search of one or two characters, which trigrams cannot narrow, still reads all
 * of the customer's domains (about 60 ms at 200,000 on PostgreSQL).
 */
export async function countList(ex: Executor, f: ListFilter): Promise<number> {
  if (!f.search) {
    return sumCounts(
      ex,
      and(
        eq(domainCounts.userId, f.userId),
        eq(domainCounts.variant, f.variant),
        f.status ? eq(domainCounts.status, f.status) : undefined,
        f.type ? eq(domainCounts.type, f.type) : undefined,
      ),
    );
  }
  const [row] = await ex.select({ n: count() }).from(domains).where(listWhere(f));
  return row?.n ?? 0;
}

/**
 * The rows of the ids that `ids` (a page of the index) picks, in the given order, with the HTTPS switch: the second
 * half of a deferred join, which reads the table only for the rows of the page.
 */
function rowsOfPage(ex: Executor, ids: SQL | undefined, order: typeof asc, limit: number, offset = 0) {
  const page = ex
    .$with('page')
    .as(
      ex
        .select({ id: domains.id })
        .from(domains)
        .where(ids)
        .orderBy(order(domains.createdAt), order(domains.id))
        .limit(limit)
        .offset(offset),
    );
  return ex
    .with(page)
    .select({ ...domainColumns, https: sql<'on' | 'off'>`COALESCE(${domainConfigs.config}->>'https', 'off')` })
    .from(page)
    .innerJoin(domains, eq(domains.id, page.id))
    .leftJoin(domainConfigs, eq(domainConfigs.domainId, domains.id))
    .orderBy(order(domains.createdAt), order(domains.id));
}

/**
 * One page, newest first (or oldest first). Deferred join: the page's ids come from the (user_id, created_at, id)
 * index alone, skipping `offset` index entries without touching the table, and only those rows are then read with
 * their configuration. When the page lies in the far half of the list the scan runs from the other end (an
 * ascending scan with a small offset, reversed afterwards), so the last page costs what the first one does; the
 * middle of the list is the slowest place.
 */
export async function listPage(
  ex: Executor,
  f: ListFilter,
  page: { offset: number; limit: number; order: 'asc' | 'desc'; total: number },
): Promise<DomainListRow[]> {
  if (page.offset >= page.total) return [];
  const limit = Math.min(page.limit, page.total - page.offset);
  const fromEnd = page.offset > page.total / 2;
  const offset = fromEnd ? page.total - page.offset - limit : page.offset;
  const scanDesc = (page.order === 'desc') !== fromEnd;
  const rows = await rowsOfPage(ex, listWhere(f), scanDesc ? desc : asc, limit, offset);
  return fromEnd ? rows.reverse() : rows;
}

/** Keyset batches for the CSV export, newest first, after the (createdAt, id) of the previous batch's last row. */
export function exportBatch(
  ex: Executor,
  f: ListFilter,
  after: { createdAt: Date; id: number } | null,
  limit: number,
): Promise<DomainListRow[]> {
  // A row comparison, which the builder has no operator for; it lets the index seek straight to the batch.
  const keyset = after
    ? sql`(${domains.createdAt}, ${domains.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id})`
    : undefined;
  return rowsOfPage(ex, and(listWhere(f), keyset), desc, limit);
}
