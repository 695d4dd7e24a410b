import type { AccelerationType, DomainStatus, VerificationStatus } from '@edgeward/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connect';
import { rowsOf } from '../../db/migrate';

/*
 * SQL only. Every function a customer call reaches takes the caller's user id and puts it in the WHERE clause, so
 * another user's domain is simply not found. Functions named ...System serve the operator CLI and the edge's
 * reports, which act on any domain by id or name.
 */

export type StoredConfig = Record<string, unknown>;

export interface DomainRow {
  id: number;
  userId: number;
  domainName: string;
  type: AccelerationType;
  status: DomainStatus;
  cname: string | null;
  wholeSite: boolean;
  reviewReason: string | null;
  abnormalReason: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface DomainWithConfig extends DomainRow {
  config: StoredConfig;
  version: number;
  configUpdatedAt: Date;
  hasCertificate: boolean;
}

export interface DomainListRow extends DomainRow {
  https: 'on' | 'off';
}

type Raw = Record<string, unknown>;

const json = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value) as StoredConfig;

function toDomain(r: Raw): DomainRow {
  return {
    id: Number(r.id),
    userId: Number(r.userId),
    domainName: String(r.domainName),
    type: r.type as AccelerationType,
    status: r.status as DomainStatus,
    cname: (r.cname as string | null) ?? null,
    wholeSite: Boolean(r.wholeSite),
    reviewReason: (r.reviewReason as string | null) ?? null,
    abnormalReason: (r.abnormalReason as string | null) ?? null,
    createdAt: new Date(r.createdAt as string),
    updatedAt: new Date(r.updatedAt as string),
  };
}

function toDomainWithConfig(r: Raw): DomainWithConfig {
  return {
    ...toDomain(r),
    config: json(r.config),
    version: Number(r.version),
    configUpdatedAt: new Date(r.configUpdatedAt as string),
    hasCertificate: Boolean(r.hasCertificate),
  };
}

function toListRow(r: Raw): DomainListRow {
  return { ...toDomain(r), https: r.https === 'on' ? 'on' : 'off' };
}

const domainColumns = sql.raw(`d.id, d.user_id AS "userId", d.domain_name AS "domainName", d.type, d.status, d.cname,
  d.whole_site AS "wholeSite", d.review_reason AS "reviewReason", d.abnormal_reason AS "abnormalReason",
  d.created_at AS "createdAt", d.updated_at AS "updatedAt"`);

const configColumns = sql.raw(`c.config, c.version, c.updated_at AS "configUpdatedAt",
  (c.https_certificate IS NOT NULL) AS "hasCertificate"`);

/** Serializes the creations of one user, so the domain limit holds under concurrent requests. */
export async function lockUser(tx: Executor, userId: number): Promise<void> {
  await tx.execute(sql`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`);
}

/** Domains the user holds (every status), from the trigger-kept counts. */
export async function countOfUser(ex: Executor, userId: number, type?: AccelerationType): Promise<number> {
  const result = await ex.execute(sql`
    SELECT COALESCE(SUM(n), 0) AS n FROM domain_counts
     WHERE user_id = ${userId} ${type ? sql`AND type = ${type}` : sql``}`);
  return Number(rowsOf<{ n: number | string }>(result)[0]?.n ?? 0);
}

/** Whoever holds the name, whatever the user: names are unique across the service. */
export async function findNameHolder(ex: Executor, domainName: string): Promise<{ id: number; userId: number } | null> {
  const result = await ex.execute(sql`SELECT id, user_id AS "userId" FROM domains WHERE domain_name = ${domainName}`);
  const row = rowsOf<Raw>(result)[0];
  return row ? { id: Number(row.id), userId: Number(row.userId) } : null;
}

export async function insertDomain(
  tx: Executor,
  values: {
    userId: number;
    domainName: string;
    type: AccelerationType;
    status: DomainStatus;
    wholeSite: boolean;
    config: StoredConfig;
    at: Date;
  },
): Promise<number> {
  const at = values.at.toISOString();
  const result = await tx.execute(sql`
    INSERT INTO domains (user_id, domain_name, type, status, whole_site, created_at, updated_at)
    VALUES (${values.userId}, ${values.domainName}, ${values.type}, ${values.status}, ${values.wholeSite},
            ${at}::timestamptz, ${at}::timestamptz)
    RETURNING id`);
  const id = Number(rowsOf<Raw>(result)[0]!.id);
  await tx.execute(sql`
    INSERT INTO domain_configs (domain_id, config, version, updated_at)
    VALUES (${id}, ${JSON.stringify(values.config)}::jsonb, 1, ${at}::timestamptz)`);
  return id;
}

/**
 * One domain of the user with its configuration. `lock` first locks the domain row until the transaction ends and
 * then reads, in a statement of its own, so what is read is the latest committed state (a locking read that waits
 * would re-check only the locked row, not the joined configuration).
 */
export async function findOfUser(
  ex: Executor,
  userId: number,
  id: number,
  options: { lock?: boolean } = {},
): Promise<DomainWithConfig | null> {
  if (options.lock) await ex.execute(sql`SELECT id FROM domains WHERE id = ${id} AND user_id = ${userId} FOR UPDATE`);
  const result = await ex.execute(sql`
    SELECT ${domainColumns}, ${configColumns}
      FROM domains d JOIN domain_configs c ON c.domain_id = d.id
     WHERE d.id = ${id} AND d.user_id = ${userId}`);
  const row = rowsOf<Raw>(result)[0];
  return row ? toDomainWithConfig(row) : null;
}

export async function findSystem(
  ex: Executor,
  by: { id: number } | { domainName: string },
  options: { lock?: boolean } = {},
): Promise<DomainWithConfig | null> {
  const where = 'id' in by ? sql`d.id = ${by.id}` : sql`d.domain_name = ${by.domainName}`;
  if (options.lock) await ex.execute(sql`SELECT d.id FROM domains d WHERE ${where} FOR UPDATE`);
  const result = await ex.execute(sql`
    SELECT ${domainColumns}, ${configColumns}
      FROM domains d JOIN domain_configs c ON c.domain_id = d.id
     WHERE ${where}`);
  const row = rowsOf<Raw>(result)[0];
  return row ? toDomainWithConfig(row) : null;
}

/** The certificate and key for the edge snapshot; never for a response. */
export async function findTlsMaterialSystem(
  ex: Executor,
  id: number,
): Promise<{ certificate: string | null; privateKey: string | null }> {
  const result = await ex.execute(sql`
    SELECT https_certificate AS certificate, https_private_key AS "privateKey" FROM domain_configs WHERE domain_id = ${id}`);
  const row = rowsOf<Raw>(result)[0];
  return { certificate: (row?.certificate as string) ?? null, privateKey: (row?.privateKey as string) ?? null };
}

type DomainFields = {
  status?: DomainStatus;
  cname?: string;
  reviewReason?: string | null;
  abnormalReason?: string | null;
};

async function updateDomain(ex: Executor, where: SQL, fields: DomainFields, at: Date): Promise<void> {
  const sets: SQL[] = [sql`updated_at = ${at.toISOString()}::timestamptz`];
  if (fields.status !== undefined) sets.push(sql`status = ${fields.status}`);
  if (fields.cname !== undefined) sets.push(sql`cname = ${fields.cname}`);
  if (fields.reviewReason !== undefined) sets.push(sql`review_reason = ${fields.reviewReason}`);
  if (fields.abnormalReason !== undefined) sets.push(sql`abnormal_reason = ${fields.abnormalReason}`);
  await ex.execute(sql`UPDATE domains SET ${sql.join(sets, sql`, `)} WHERE ${where}`);
}

export function updateDomainOfUser(ex: Executor, userId: number, id: number, fields: DomainFields, at: Date) {
  return updateDomain(ex, sql`id = ${id} AND user_id = ${userId}`, fields, at);
}

export function updateDomainSystem(ex: Executor, id: number, fields: DomainFields, at: Date) {
  return updateDomain(ex, sql`id = ${id}`, fields, at);
}

/**
 * Replaces the top-level keys of `patch` in the stored configuration and bumps the version, in one statement: two
 * pieces saved at the same time each keep their own keys (the second update re-reads the row the first wrote).
 * `tls` replaces the certificate and key when given.
 */
export async function patchConfigOfUser(
  ex: Executor,
  userId: number,
  id: number,
  patch: StoredConfig,
  at: Date,
  tls?: { certificate: string; privateKey: string },
): Promise<{ version: number } | null> {
  const result = await ex.execute(sql`
    UPDATE domain_configs c
       SET config = c.config || ${JSON.stringify(patch)}::jsonb,
           version = c.version + 1,
           updated_at = ${at.toISOString()}::timestamptz
           ${tls ? sql`, https_certificate = ${tls.certificate}, https_private_key = ${tls.privateKey}` : sql``}
      FROM domains d
     WHERE c.domain_id = d.id AND d.id = ${id} AND d.user_id = ${userId}
    RETURNING c.version`);
  const row = rowsOf<Raw>(result)[0];
  return row ? { version: Number(row.version) } : null;
}

/** Bumps the version without changing the document, so a status change travels as a new snapshot. */
export async function bumpVersionOfUser(ex: Executor, userId: number, id: number, at: Date): Promise<void> {
  await ex.execute(sql`
    UPDATE domain_configs c SET version = c.version + 1, updated_at = ${at.toISOString()}::timestamptz
      FROM domains d
     WHERE c.domain_id = d.id AND d.id = ${id} AND d.user_id = ${userId}`);
}

export async function deleteSystem(ex: Executor, id: number): Promise<void> {
  await ex.execute(sql`DELETE FROM domains WHERE id = ${id}`);
}

// ---------------------------------------------------------------------------------------------------------------
// The list

export interface ListFilter {
  userId: number;
  /** Lower-case substring of the name. */
  search?: string;
  status?: DomainStatus;
  type?: AccelerationType;
}

function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function listWhere(f: ListFilter): SQL {
  const parts = [sql`user_id = ${f.userId}`];
  if (f.status) parts.push(sql`status = ${f.status}`);
  if (f.type) parts.push(sql`type = ${f.type}`);
  if (f.search) parts.push(sql`domain_name LIKE ${likePattern(f.search)}`);
  return sql.join(parts, sql` AND `);
}

/**
 * The total for a list. Without a search it is a sum over at most (types x statuses) rows of domain_counts, kept
 * exact by triggers: constant time at any size. A name search has no such shortcut; it counts the user's index
 * entries (index-only scan with the name in the index), which is linear in the user's domains.
 */
export async function countList(ex: Executor, f: ListFilter): Promise<number> {
  if (!f.search) {
    const parts = [sql`user_id = ${f.userId}`];
    if (f.status) parts.push(sql`status = ${f.status}`);
    if (f.type) parts.push(sql`type = ${f.type}`);
    const result = await ex.execute(
      sql`SELECT COALESCE(SUM(n), 0) AS n FROM domain_counts WHERE ${sql.join(parts, sql` AND `)}`,
    );
    return Number(rowsOf<Raw>(result)[0]?.n ?? 0);
  }
  const result = await ex.execute(sql`SELECT count(*) AS n FROM domains WHERE ${listWhere(f)}`);
  return Number(rowsOf<Raw>(result)[0]?.n ?? 0);
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
  const dir = sql.raw(scanDesc ? 'DESC' : 'ASC');
  const result = await ex.execute(sql`
    WITH page AS (
      SELECT id FROM domains WHERE ${listWhere(f)}
       ORDER BY created_at ${dir}, id ${dir}
       LIMIT ${limit} OFFSET ${offset})
    SELECT ${domainColumns}, COALESCE(c.config->>'https', 'off') AS https
      FROM page p JOIN domains d ON d.id = p.id LEFT JOIN domain_configs c ON c.domain_id = d.id
     ORDER BY d.created_at ${dir}, d.id ${dir}`);
  const rows = rowsOf<Raw>(result).map(toListRow);
  return fromEnd ? rows.reverse() : rows;
}

/** Keyset batches for the CSV export, newest first, after the (createdAt, id) of the previous batch's last row. */
export async function exportBatch(
  ex: Executor,
  f: ListFilter,
  after: { createdAt: Date; id: number } | null,
  limit: number,
): Promise<DomainListRow[]> {
  const keyset = after
    ? sql`AND (created_at, id) < (${after.createdAt.toISOString()}::timestamptz, ${after.id})`
    : sql``;
  const result = await ex.execute(sql`
    WITH page AS (
      SELECT id FROM domains WHERE ${listWhere(f)} ${keyset}
       ORDER BY created_at DESC, id DESC LIMIT ${limit})
    SELECT ${domainColumns}, COALESCE(c.config->>'https', 'off') AS https
      FROM page p JOIN domains d ON d.id = p.id LEFT JOIN domain_configs c ON c.domain_id = d.id
     ORDER BY d.created_at DESC, d.id DESC`);
  return rowsOf<Raw>(result).map(toListRow);
}

/** Every domain waiting for the operator, oldest first, with its owner's name. */
export async function listUnderReviewSystem(ex: Executor): Promise<(DomainRow & { userName: string })[]> {
  const result = await ex.execute(sql`
    SELECT ${domainColumns}, u.user_name AS "userName"
      FROM domains d JOIN users u ON u.id = d.user_id
     WHERE d.status = 'under_review'
     ORDER BY d.created_at, d.id`);
  return rowsOf<Raw>(result).map((r) => ({ ...toDomain(r), userName: String(r.userName) }));
}

// ---------------------------------------------------------------------------------------------------------------
// Ownership verification

export interface VerificationRow {
  id: number;
  domain: string;
  recordName: string;
  recordValue: string;
  status: VerificationStatus;
  verifiedAt: Date | null;
}

function toVerification(r: Raw): VerificationRow {
  return {
    id: Number(r.id),
    domain: String(r.domain),
    recordName: String(r.recordName),
    recordValue: String(r.recordValue),
    status: r.status as VerificationStatus,
    verifiedAt: r.verifiedAt ? new Date(r.verifiedAt as string) : null,
  };
}

const verificationColumns = sql.raw(
  `id, domain, record_name AS "recordName", record_value AS "recordValue", status, verified_at AS "verifiedAt"`,
);

export async function findVerification(ex: Executor, userId: number, apex: string): Promise<VerificationRow | null> {
  const result = await ex.execute(sql`
    SELECT ${verificationColumns} FROM domain_verifications WHERE user_id = ${userId} AND domain = ${apex}`);
  const row = rowsOf<Raw>(result)[0];
  return row ? toVerification(row) : null;
}

/** The user's record for the apex; created with `value` the first time, the same one on every later call. */
export async function ensureVerification(
  ex: Executor,
  userId: number,
  apex: string,
  recordName: string,
  value: string,
): Promise<VerificationRow> {
  await ex.execute(sql`
    INSERT INTO domain_verifications (user_id, domain, record_name, record_value)
    VALUES (${userId}, ${apex}, ${recordName}, ${value})
    ON CONFLICT (user_id, domain) DO NOTHING`);
  return (await findVerification(ex, userId, apex))!;
}

export async function setVerificationStatus(
  ex: Executor,
  userId: number,
  id: number,
  status: VerificationStatus,
  at: Date,
): Promise<void> {
  await ex.execute(sql`
    UPDATE domain_verifications
       SET status = ${status}, checked_at = ${at.toISOString()}::timestamptz
           ${status === 'success' ? sql`, verified_at = ${at.toISOString()}::timestamptz` : sql``}
     WHERE id = ${id} AND user_id = ${userId}`);
}
