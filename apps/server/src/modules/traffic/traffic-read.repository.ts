import type { StatisticsGranularity, TopKind } from '@edgeward/contract';
import { and, desc, eq, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connect';
import { trafficRollups, trafficStatusCodes, trafficTopItems } from '../../db/schema';
import type { RangePiece } from './buckets';

const r = trafficRollups;
const total = (column: SQL.Aliased | typeof r.requests) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);

/** Summed figures of some buckets. status[0] is 1xx ... status[4] is 5xx. */
export interface Figures {
  requests: number;
  bytes: number;
  hits: number;
  hitBytes: number;
  status: [number, number, number, number, number];
}

const figureColumns = {
  requests: total(r.requests),
  bytes: total(r.bytes),
  hits: total(r.hits),
  hitBytes: total(r.hitBytes),
  s1: total(r.status1xx),
  s2: total(r.status2xx),
  s3: total(r.status3xx),
  s4: total(r.status4xx),
  s5: total(r.status5xx),
};

type FigureRow = { requests: number; bytes: number; hits: number; hitBytes: number } & Record<
  's1' | 's2' | 's3' | 's4' | 's5',
  number
>;

function figuresOf(row: FigureRow): Figures {
  return {
    requests: row.requests,
    bytes: row.bytes,
    hits: row.hits,
    hitBytes: row.hitBytes,
    status: [row.s1, row.s2, row.s3, row.s4, row.s5],
  };
}

const inPieces = (pieces: readonly RangePiece[], table: typeof r | typeof trafficStatusCodes) =>
  or(
    ...pieces.map((p) =>
      and(
        eq(table.granularity, p.granularity),
        gte(table.bucketStart, new Date(p.from)),
        lt(table.bucketStart, new Date(p.to)),
      ),
    ),
  );

/** The domains' figures per bucket of one granularity, summed over the domains, buckets in [from, to). */
export async function series(
  ex: Executor,
  domainIds: readonly number[],
  granularity: StatisticsGranularity,
  from: number,
  to: number,
): Promise<(Figures & { time: number })[]> {
  const rows = await ex
    .select({ time: r.bucketStart, ...figureColumns })
    .from(r)
    .where(
      and(
        eq(r.granularity, granularity),
        inArray(r.domainId, [...domainIds]),
        gte(r.bucketStart, new Date(from)),
        lt(r.bucketStart, new Date(to)),
      ),
    )
    .groupBy(r.bucketStart)
    .orderBy(r.bucketStart);
  return rows.map((row) => ({ time: row.time.getTime(), ...figuresOf(row) }));
}

/** Bytes per 5-minute bucket, summed over the domains: the points bandwidth is read from. */
export async function fiveMinuteBytes(
  ex: Executor,
  domainIds: readonly number[],
  from: number,
  to: number,
): Promise<{ time: number; bytes: number }[]> {
  const rows = await ex
    .select({ time: r.bucketStart, bytes: total(r.bytes) })
    .from(r)
    .where(
      and(
        eq(r.granularity, '5m'),
        inArray(r.domainId, [...domainIds]),
        gte(r.bucketStart, new Date(from)),
        lt(r.bucketStart, new Date(to)),
      ),
    )
    .groupBy(r.bucketStart)
    .orderBy(r.bucketStart);
  return rows.map((row) => ({ time: row.time.getTime(), bytes: row.bytes }));
}

/** Each domain's figures over the pieces of a range, with its largest 5-minute byte count. */
export async function domainTotals(
  ex: Executor,
  domainIds: readonly number[],
  pieces: readonly RangePiece[],
): Promise<Map<number, Figures & { peakBytes: number }>> {
  const out = new Map<number, Figures & { peakBytes: number }>();
  if (pieces.length === 0) return out;
  const rows = await ex
    .select({
      domainId: r.domainId,
      peakBytes: sql<number>`coalesce(max(${r.peakBytes}), 0)`.mapWith(Number),
      ...figureColumns,
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
