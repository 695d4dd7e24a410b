import type { StatisticsGranularity, TopKind } from '@edgeward/contract';
import { and, desc, eq, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/connect';
import { trafficAccountRollups, trafficRollups, trafficStatusCodes, trafficTopItems } from '../../db/schema';
import type { RangePiece } from './buckets';

/**
 * Whose buckets a query reads: some domains' (summed), or the whole account's, which keeps one row per bucket
 * however many domains the account has (deleted domains' traffic included), less the buckets of the domains in
 * `except` (the CDN's figures are the account's without its edge-platform domains).
 */
export type Scope = DomainScope | { userId: number; except?: readonly number[] };
type DomainScope = { domainIds: readonly number[] };
type OwnScope = DomainScope | { userId: number };

/** The buckets the scope starts from: the account's, or its domains'. */
function ownOf(scope: Scope): OwnScope {
  return 'userId' in scope ? { userId: scope.userId } : scope;
}

/** The domains whose buckets are taken off the account's, if any. */
function exceptOf(scope: Scope): DomainScope | null {
  return 'userId' in scope && scope.except?.length ? { domainIds: scope.except } : null;
}

type BucketTable = typeof trafficRollups | typeof trafficAccountRollups;

function tableOf(scope: OwnScope): { t: BucketTable; owned: SQL } {
  if ('userId' in scope) return { t: trafficAccountRollups, owned: eq(trafficAccountRollups.userId, scope.userId) };
  return { t: trafficRollups, owned: inArray(trafficRollups.domainId, [...scope.domainIds]) };
}

const total = (column: AnyPgColumn) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);

/** Summed figures of some buckets. status[0] is 1xx ... status[4] is 5xx. */
export interface Figures {
  requests: number;
  bytes: number;
  hits: number;
  hitBytes: number;
  status: [number, number, number, number, number];
}

const figureColumns = (t: BucketTable) => ({
  requests: total(t.requests),
  bytes: total(t.bytes),
  hits: total(t.hits),
  hitBytes: total(t.hitBytes),
  s1: total(t.status1xx),
  s2: total(t.status2xx),
  s3: total(t.status3xx),
  s4: total(t.status4xx),
  s5: total(t.status5xx),
});

type FigureRow = { requests: number; bytes: number; hits: number; hitBytes: number } & Record<
  's1' | 's2' | 's3' | 's4' | 's5',
  number
>;

function minus(a: Figures, b: Figures): Figures {
  return {
    requests: a.requests - b.requests,
    bytes: a.bytes - b.bytes,
    hits: a.hits - b.hits,
    hitBytes: a.hitBytes - b.hitBytes,
    status: [0, 1, 2, 3, 4].map((i) => a.status[i]! - b.status[i]!) as Figures['status'],
  };
}

/** Per-bucket rows less the excepted domains' rows of the same bucket (an account row holds every domain's). */
async function lessPerBucket<T extends { time: number }>(
  scope: Scope,
  read: (own: OwnScope) => Promise<T[]>,
  subtract: (row: T, less: T) => T,
): Promise<T[]> {
  const rows = await read(ownOf(scope));
  const except = exceptOf(scope);
  if (!except) return rows;
  const less = new Map((await read(except)).map((row) => [row.time, row]));
  return rows.map((row) => {
    const other = less.get(row.time);
    return other ? subtract(row, other) : row;
  });
}

function figuresOf(row: FigureRow): Figures {
  return {
    requests: row.requests,
    bytes: row.bytes,
    hits: row.hits,
    hitBytes: row.hitBytes,
    status: [row.s1, row.s2, row.s3, row.s4, row.s5],
  };
}

const inPieces = (pieces: readonly RangePiece[], table: BucketTable | typeof trafficStatusCodes) =>
  or(
    ...pieces.map((p) =>
      and(
        eq(table.granularity, p.granularity),
        gte(table.bucketStart, new Date(p.from)),
        lt(table.bucketStart, new Date(p.to)),
      ),
    ),
  );

const inBuckets = (t: BucketTable, granularity: StatisticsGranularity, from: number, to: number) =>
  and(eq(t.granularity, granularity), gte(t.bucketStart, new Date(from)), lt(t.bucketStart, new Date(to)));

/** The scope's figures per bucket of one granularity, buckets starting in [from, to). */
export async function series(
  ex: Executor,
  scope: Scope,
  granularity: StatisticsGranularity,
  from: number,
  to: number,
): Promise<(Figures & { time: number })[]> {
  const read = async (own: OwnScope) => {
    const { t, owned } = tableOf(own);
    const rows = await ex
      .select({ time: t.bucketStart, ...figureColumns(t) })
      .from(t)
      .where(and(owned, inBuckets(t, granularity, from, to)))
      .groupBy(t.bucketStart)
      .orderBy(t.bucketStart);
    return rows.map((row) => ({ time: row.time.getTime(), ...figuresOf(row) }));
  };
  return lessPerBucket(scope, read, (row, less) => ({ time: row.time, ...minus(row, less) }));
}

/** Bytes per 5-minute bucket over the scope: the points bandwidth is read from. */
export async function fiveMinuteBytes(
  ex: Executor,
  scope: Scope,
  from: number,
  to: number,
): Promise<{ time: number; bytes: number }[]> {
  const read = async (own: OwnScope) => {
    const { t, owned } = tableOf(own);
    const rows = await ex
      .select({ time: t.bucketStart, bytes: total(t.bytes) })
      .from(t)
      .where(and(owned, inBuckets(t, '5m', from, to)))
      .groupBy(t.bucketStart)
      .orderBy(t.bucketStart);
    return rows.map((row) => ({ time: row.time.getTime(), bytes: row.bytes }));
  };
  return lessPerBucket(scope, read, (row, less) => ({ time: row.time, bytes: row.bytes - less.bytes }));
}

/** The scope's figures over the pieces of a range. */
export async function scopeTotals(ex: Executor, scope: Scope, pieces: readonly RangePiece[]): Promise<Figures> {
  const read = async (own: OwnScope) => {
    const { t, owned } = tableOf(own);
    if (pieces.length === 0)
      return figuresOf({ requests: 0, bytes: 0, hits: 0, hitBytes: 0, s1: 0, s2: 0, s3: 0, s4: 0, s5: 0 });
    const [row] = await ex
      .select(figureColumns(t))
      .from(t)
      .where(and(owned, inPieces(pieces, t)));
    return figuresOf(row!);
  };
  const all = await read(ownOf(scope));
  const except = exceptOf(scope);
  return except ? minus(all, await read(except)) : all;
}

/** Each domain's figures over the pieces of a range, with its largest 5-minute byte count. */
export async function domainTotals(
  ex: Executor,
  domainIds: readonly number[],
  pieces: readonly RangePiece[],
): Promise<Map<number, Figures & { peakBytes: number }>> {
  const out = new Map<number, Figures & { peakBytes: number }>();
  if (pieces.length === 0) return out;
  const r = trafficRollups;
  const rows = await ex
    .select({
      domainId: r.domainId,
      peakBytes: sql<number>`coalesce(max(${r.peakBytes}), 0)`.mapWith(Number),
      ...figureColumns(r),
    })
    .from(r)
    .where(and(inArray(r.domainId, [...domainIds]), inPieces(pieces, r)))
    .groupBy(r.domainId);
  for (const row of rows) out.set(row.domainId, { ...figuresOf(row), peakBytes: row.peakBytes });
  return out;
}

/** Requests per status code over the pieces of a range, most frequent first. */
export async function statusCodes(
  ex: Executor,
  domainIds: readonly number[],
  pieces: readonly RangePiece[],
): Promise<{ code: number; requests: number }[]> {
  if (pieces.length === 0) return [];
  const s = trafficStatusCodes;
  const requests = sql<number>`sum(${s.requests})`.mapWith(Number);
  return ex
    .select({ code: s.status, requests })
    .from(s)
    .where(and(inArray(s.domainId, [...domainIds]), inPieces(pieces, s)))
    .groupBy(s.status)
    .orderBy(desc(requests), s.status);
}

/** The most requested items of a kind over Beijing days [fromDay, toDay]. */
export function topItems(
  ex: Executor,
  domainIds: readonly number[],
  kind: TopKind,
  fromDay: string,
  toDay: string,
  limit: number,
): Promise<{ value: string; requests: number; bytes: number }[]> {
  const t = trafficTopItems;
  const requests = sql<number>`sum(${t.requests})`.mapWith(Number);
  return ex
    .select({ value: t.item, requests, bytes: sql<number>`sum(${t.bytes})`.mapWith(Number) })
    .from(t)
    .where(and(inArray(t.domainId, [...domainIds]), eq(t.kind, kind), sql`${t.day} BETWEEN ${fromDay} AND ${toDay}`))
    .groupBy(t.item)
    .orderBy(desc(requests), t.item)
    .limit(limit);
}
