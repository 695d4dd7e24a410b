import type { AccelerationType, DomainStatus, DomainVariant } from '@edgeward/contract';
import { and, asc, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connect';
import { preparedQuery } from '../../db/prepared';
import { domainConfigs, domainCounts, domains, type StoredDomainConfig, users } from '../../db/schema';

/*
 * Every function a customer call reaches takes the caller's user id and puts it in the WHERE clause, so another
 * user's domain is simply not found. Functions named ...System serve the operator CLI and the edge's reports, which
 * act on any domain by id or name. The list's queries are in domain-list.repository.ts, the ownership records' in
 * domain-verification.repository.ts.
 */

export type DomainRow = typeof domains.$inferSelect;

export interface DomainWithConfig extends DomainRow {
  config: StoredDomainConfig;
  version: number;
  configUpdatedAt: Date;
  hasCertificate: boolean;
}

/** The columns of a domains row, for selections that join it with more. */
export const domainColumns = {
  id: domains.id,
  userId: domains.userId,
  domainName: domains.domainName,
  variant: domains.variant,
  type: domains.type,
  status: domains.status,
  cname: domains.cname,
  wholeSite: domains.wholeSite,
  reviewReason: domains.reviewReason,
  abnormalReason: domains.abnormalReason,
  sample: domains.sample,
  edgeServing: domains.edgeServing,
  createdAt: domains.createdAt,
  updatedAt: domains.updatedAt,
};

const withConfigColumns = {
  ...domainColumns,
  config: domainConfigs.config,
  version: domainConfigs.version,
  configUpdatedAt: domainConfigs.updatedAt,
  hasCertificate: isNotNull(domainConfigs.httpsCertificate).mapWith(Boolean),
};

/** Serializes the creations of one user, so the domain limit holds under concurrent requests. */
export async function lockUser(tx: Executor, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/** The sum of trigger-kept counts (domain_counts) matching `where`; numeric arrives as text from both drivers. */
export async function sumCounts(ex: Executor, where: SQL | undefined): Promise<number> {
  const [row] = await ex
    .select({ n: sql`COALESCE(SUM(${domainCounts.n}), 0)`.mapWith(Number) })
    .from(domainCounts)
    .where(where);
  return row?.n ?? 0;
}

/** Domains the user holds (every status; of both variants unless one is named), from the trigger-kept counts. */
export function countOfUser(
  ex: Executor,
  userId: number,
  type?: AccelerationType,
  variant?: DomainVariant,
): Promise<number> {
  return sumCounts(
    ex,
    and(
      eq(domainCounts.userId, userId),
      type ? eq(domainCounts.type, type) : undefined,
      variant ? eq(domainCounts.variant, variant) : undefined,
    ),
  );
}

/** Whoever holds the name, whatever the user: names are unique across the service. */
export async function findNameHolder(ex: Executor, domainName: string): Promise<{ id: number; userId: number } | null> {
  const [row] = await ex
    .select({ id: domains.id, userId: domains.userId })
    .from(domains)
    .where(eq(domains.domainName, domainName));
  return row ?? null;
}

export async function insertDomain(
  tx: Executor,
  values: {
    userId: number;
    domainName: string;
    type: AccelerationType;
    status: DomainStatus;
    wholeSite: boolean;
    config: StoredDomainConfig;
    at: Date;
  } & Partial<Pick<typeof domains.$inferInsert, 'sample' | 'cname' | 'abnormalReason' | 'variant'>>,
): Promise<number> {
  const { config, at, ...domain } = values;
  const [row] = await tx
    .insert(domains)
    .values({ ...domain, createdAt: at, updatedAt: at })
    .returning({ id: domains.id });
  await tx.insert(domainConfigs).values({ domainId: row!.id, config, version: 1, updatedAt: at });
  return row!.id;
}

/** A domain joined to its configuration, rows as DomainWithConfig. */
const withConfig = (ex: Executor) =>
  ex.select(withConfigColumns).from(domains).innerJoin(domainConfigs, eq(domainConfigs.domainId, domains.id));

/** The read of a domain of the user in a variant (every settings call, detail and save), built once per database. */
const ofUserInVariant = preparedQuery((ex) =>
  withConfig(ex)
    .where(
      and(
        eq(domains.id, sql.placeholder('id')),
        eq(domains.userId, sql.placeholder('userId')),
        eq(domains.variant, sql.placeholder('variant')),
      ),
    )
    .prepare('domain_of_user_in_variant'),
);

/**
 * One domain with its configuration. `lock` first locks the domain row until the transaction ends and then reads,
 * in a statement of its own, so what is read is the latest committed state (a locking read that waits would
 * re-check only the locked row, not the joined configuration).
 */
async function findOne(
  ex: Executor,
  where: SQL | undefined,
  lock: boolean,
  read: () => Promise<DomainWithConfig[]> = () => withConfig(ex).where(where),
): Promise<DomainWithConfig | null> {
  if (lock) await ex.select({ id: domains.id }).from(domains).where(where).for('update');
  const [row] = await read();
  return row ?? null;
}

export function findOfUser(
  ex: Executor,
  userId: number,
  id: number,
  options: { lock?: boolean; variant?: DomainVariant } = {},
): Promise<DomainWithConfig | null> {
  const { variant } = options;
  const where = and(eq(domains.id, id), eq(domains.userId, userId), variant ? eq(domains.variant, variant) : undefined);
  const read = variant ? () => ofUserInVariant(ex).execute({ id, userId, variant }) : undefined;
  return findOne(ex, where, options.lock ?? false, read);
}

/** The user's domains among these names (exact names: a wildcard domain is found by its `*.` name). */
export function findManyOfUserByName(ex: Executor, userId: number, names: string[]): Promise<DomainWithConfig[]> {
  if (names.length === 0) return Promise.resolve([]);
  return withConfig(ex).where(and(eq(domains.userId, userId), inArray(domains.domainName, names)));
}

export function findSystem(
  ex: Executor,
  by: { id: number } | { domainName: string },
  options: { lock?: boolean } = {},
): Promise<DomainWithConfig | null> {
  const where = 'id' in by ? eq(domains.id, by.id) : eq(domains.domainName, by.domainName);
  return findOne(ex, where, options.lock ?? false);
}

/**
 * A domain with its configuration and its certificate and key, read together for the edge snapshot; never for a
 * response.
 */
export async function findForEdgeSystem(
  ex: Executor,
  id: number,
): Promise<(DomainWithConfig & { tls: { certificate: string | null; privateKey: string | null } }) | null> {
  const [row] = await ex
    .select({
      ...withConfigColumns,
      tls: { certificate: domainConfigs.httpsCertificate, privateKey: domainConfigs.httpsPrivateKey },
    })
    .from(domains)
    .innerJoin(domainConfigs, eq(domainConfigs.domainId, domains.id))
    .where(eq(domains.id, id));
  return row ?? null;
}

type DomainFields = Partial<Pick<DomainRow, 'status' | 'reviewReason' | 'abnormalReason' | 'edgeServing'>> & {
  cname?: string;
};

/** Sets the given fields (an undefined field is left alone) and the change time. */
function updateDomain(ex: Executor, where: SQL | undefined, fields: DomainFields, at: Date) {
  return ex
    .update(domains)
    .set({ ...fields, updatedAt: at })
    .where(where);
}

export async function updateDomainOfUser(ex: Executor, userId: number, id: number, fields: DomainFields, at: Date) {
  await updateDomain(ex, and(eq(domains.id, id), eq(domains.userId, userId)), fields, at);
}

export async function updateDomainSystem(ex: Executor, id: number, fields: DomainFields, at: Date) {
  await updateDomain(ex, eq(domains.id, id), fields, at);
}

/** The configuration of the user's domain `id`: the join that keeps a configuration update to its owner. */
const configOfUser = (userId: number, id: number) =>
  and(eq(domainConfigs.domainId, domains.id), eq(domains.id, id), eq(domains.userId, userId));

/**
 * Replaces the top-level keys of `patch` in the stored configuration and bumps the version, in one statement: two
 * pieces saved at the same time each keep their own keys (the second update re-reads the row the first wrote).
 * `tls` replaces the certificate and key when given. Answers the configuration as written, so a save need not read
 * it back.
 */
export async function patchConfigOfUser(
  ex: Executor,
  userId: number,
  id: number,
  patch: Partial<StoredDomainConfig>,
  at: Date,
  tls?: { certificate: string; privateKey: string },
): Promise<Pick<DomainWithConfig, 'config' | 'version' | 'configUpdatedAt' | 'hasCertificate'> | null> {
  const [row] = await ex
    .update(domainConfigs)
    .set({
      config: sql`${domainConfigs.config} || ${JSON.stringify(patch)}::jsonb`,
      version: sql`${domainConfigs.version} + 1`,
      updatedAt: at,
      httpsCertificate: tls?.certificate,
      httpsPrivateKey: tls?.privateKey,
    })
    .from(domains)
    .where(configOfUser(userId, id))
    .returning({
      config: domainConfigs.config,
      version: domainConfigs.version,
      configUpdatedAt: domainConfigs.updatedAt,
      hasCertificate: withConfigColumns.hasCertificate,
    });
  return row ?? null;
}

/** Bumps the version without changing the document, so a status change travels as a new snapshot. */
export async function bumpVersionOfUser(ex: Executor, userId: number, id: number, at: Date): Promise<void> {
  await ex
    .update(domainConfigs)
    .set({ version: sql`${domainConfigs.version} + 1`, updatedAt: at })
    .from(domains)
    .where(configOfUser(userId, id));
}

export async function deleteSystem(ex: Executor, id: number): Promise<void> {
  await ex.delete(domains).where(eq(domains.id, id));
}

/** Every domain waiting for the operator, oldest first, with its owner's name. */
export function listUnderReviewSystem(ex: Executor): Promise<(DomainRow & { userName: string })[]> {
  return ex
    .select({ ...domainColumns, userName: users.userName })
    .from(domains)
    .innerJoin(users, eq(users.id, domains.userId))
    .where(eq(domains.status, 'under_review'))
    .orderBy(asc(domains.createdAt), asc(domains.id));
}
