import type { CertificateApplicationStatus } from '@edgeward/contract';
import { and, count, desc, eq, gt, inArray, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connect';
import { acmeAccounts, certificateApplications, certificateEvents, certificates, users } from '../../db/schema';
import { containsPattern } from './certificate.repository';

export type ApplicationRow = typeof certificateApplications.$inferSelect;
type ApplicationChange = Partial<Omit<typeof certificateApplications.$inferInsert, 'id' | 'userId'>>;

export async function insert(
  ex: Executor,
  values: Pick<ApplicationRow, 'userId' | 'domainNames' | 'keyType' | 'deployDomainIds' | 'renewalOf'> & { at: Date },
): Promise<number> {
  const { at, ...rest } = values;
  const [row] = await ex
    .insert(certificateApplications)
    .values({ ...rest, status: 'creating', createdAt: at, updatedAt: at })
    .returning({ id: certificateApplications.id });
  return row!.id;
}

export async function findOfUser(ex: Executor, userId: number, id: number): Promise<ApplicationRow | undefined> {
  const [row] = await ex
    .select()
    .from(certificateApplications)
    .where(and(eq(certificateApplications.id, id), eq(certificateApplications.userId, userId)));
  return row;
}

export async function find(ex: Executor, id: number): Promise<ApplicationRow | undefined> {
  const [row] = await ex.select().from(certificateApplications).where(eq(certificateApplications.id, id));
  return row;
}

/**
 * Moves the application from one of `from` to the change's status (or just changes it), only if it is still there:
 * answers the updated row, or undefined when another process moved it first.
 */
export async function transition(
  ex: Executor,
  id: number,
  from: readonly CertificateApplicationStatus[],
  change: ApplicationChange & { updatedAt: Date },
  retried = false,
): Promise<ApplicationRow | undefined> {
  const [row] = await ex
    .update(certificateApplications)
    .set(retried ? { ...change, retryCount: sql`${certificateApplications.retryCount} + 1` } : change)
    .where(and(eq(certificateApplications.id, id), inArray(certificateApplications.status, [...from])))
    .returning();
  return row;
}

/** Like transition, and counts one more retry. */
export function countRetry(
  ex: Executor,
  id: number,
  from: readonly CertificateApplicationStatus[],
  change: ApplicationChange & { updatedAt: Date },
): Promise<ApplicationRow | undefined> {
  return transition(ex, id, from, change, true);
}

/** Takes the application's worker lease if it is free (or expired); false when another process holds it. */
export async function takeLease(ex: Executor, id: number, now: Date, until: Date): Promise<boolean> {
  const rows = await ex
    .update(certificateApplications)
    .set({ workerLeaseUntil: until })
    .where(
      and(
        eq(certificateApplications.id, id),
        or(isNull(certificateApplications.workerLeaseUntil), lte(certificateApplications.workerLeaseUntil, now)),
      ),
    )
    .returning({ id: certificateApplications.id });
  return rows.length === 1;
}

/** Frees the lease taken until `until`; a lease another process has taken since is left alone. */
export async function releaseLease(ex: Executor, id: number, until: Date): Promise<void> {
  await ex
    .update(certificateApplications)
    .set({ workerLeaseUntil: null })
    .where(and(eq(certificateApplications.id, id), eq(certificateApplications.workerLeaseUntil, until)));
}

export interface ListFilter {
  userId: number;
  search?: string;
  status?: CertificateApplicationStatus;
}

function listWhere(f: ListFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [eq(certificateApplications.userId, f.userId)];
  if (f.status) parts.push(eq(certificateApplications.status, f.status));
  if (f.search) {
    parts.push(sql`${certificateApplications.domainNames}::text LIKE ${containsPattern(f.search.toLowerCase())}`);
  }
  return and(...parts);
}

export async function countList(ex: Executor, f: ListFilter): Promise<number> {
  const [row] = await ex.select({ n: count() }).from(certificateApplications).where(listWhere(f));
  return row?.n ?? 0;
}

export function listPage(ex: Executor, f: ListFilter, page: { offset: number; limit: number }) {
  return ex
    .select()
    .from(certificateApplications)
    .where(listWhere(f))
    .orderBy(desc(certificateApplications.createdAt), desc(certificateApplications.id))
    .offset(page.offset)
    .limit(page.limit);
}

/** Pending applications whose records were generated before `before`: they expire. */
export async function expirePending(ex: Executor, before: Date, at: Date): Promise<number> {
  const rows = await ex
    .update(certificateApplications)
    .set({ status: 'expired', updatedAt: at })
    .where(and(eq(certificateApplications.status, 'pending'), lt(certificateApplications.recordsAt, before)))
    .returning({ id: certificateApplications.id });
  return rows.length;
}

/**
 * Applied certificates that expire before `before` and have no renewal under way (a failed or expired one is tried
 * again), with the application that issued them (its names, key type and owner).
 */
export async function renewalDue(ex: Executor, before: Date, limit: number) {
  return ex
    .select({
      certificateId: certificates.id,
      certificateUpdatedAt: certificates.updatedAt,
      notAfter: certificates.notAfter,
      userId: certificates.userId,
      domainNames: certificateApplications.domainNames,
      keyType: certificateApplications.keyType,
    })
    .from(certificates)
    .innerJoin(certificateApplications, eq(certificateApplications.certificateId, certificates.id))
    .where(
      and(
        eq(certificates.source, 'applied'),
        lt(certificates.notAfter, before),
        eq(certificateApplications.status, 'completed'),
        sql`NOT EXISTS (SELECT 1 FROM certificate_applications r WHERE r.renewal_of = ${certificates.id}
              AND r.status IN ('creating', 'pending', 'generating'))`,
      ),
    )
    .orderBy(certificates.notAfter)
    .limit(limit);
}

/** The newest renewal of the certificate started since its material last changed (`since`), in any status. */
export async function latestRenewal(ex: Executor, certificateId: number, since: Date) {
  const [row] = await ex
    .select()
    .from(certificateApplications)
    .where(
      and(eq(certificateApplications.renewalOf, certificateId), sql`${certificateApplications.createdAt} >= ${since}`),
    )
    .orderBy(desc(certificateApplications.id))
    .limit(1);
  return row;
}

/** The caller's renewals not completed, newest per certificate, of the certificates given. */
export async function openRenewalsOf(ex: Executor, userId: number, certificateIds: number[]) {
  if (certificateIds.length === 0) return [];
  const rows = await ex
    .select()
    .from(certificateApplications)
    .innerJoin(certificates, eq(certificates.id, certificateApplications.renewalOf))
    .where(
      and(
        eq(certificateApplications.userId, userId),
        inArray(certificateApplications.renewalOf, certificateIds),
        sql`${certificateApplications.status} <> 'completed'`,
        sql`${certificateApplications.createdAt} >= ${certificates.updatedAt}`,
      ),
    )
    .orderBy(desc(certificateApplications.id));
  const newest = new Map<number, ApplicationRow>();
  for (const { certificate_applications: row } of rows) {
    if (!newest.has(row.renewalOf!)) newest.set(row.renewalOf!, row);
  }
  return [...newest.values()];
}

/** Renewals waiting for their records whose certificate ends before `before` (and has not ended), with its end. */
export async function pendingRenewalsEndingBefore(ex: Executor, now: Date, before: Date) {
  return ex
    .select({ application: certificateApplications, notAfter: certificates.notAfter })
    .from(certificateApplications)
    .innerJoin(certificates, eq(certificates.id, certificateApplications.renewalOf))
    .where(
      and(
        eq(certificateApplications.status, 'pending'),
        gt(certificates.notAfter, now),
        lt(certificates.notAfter, before),
      ),
    )
    .orderBy(certificates.notAfter)
    .limit(500);
}

/**
 * Marks a notice of the application as sent, unless it was already: true for the one caller that marked it, so a
 * notice goes out once however many runs look at it.
 */
export async function claimNotice(ex: Executor, id: number, notice: string): Promise<boolean> {
  const rows = await ex
    .update(certificateApplications)
    .set({ noticesSent: sql`${certificateApplications.noticesSent} || ${JSON.stringify([notice])}::jsonb` })
    .where(
      and(
        eq(certificateApplications.id, id),
        sql`NOT ${certificateApplications.noticesSent} @> ${JSON.stringify([notice])}::jsonb`,
      ),
    )
    .returning({ id: certificateApplications.id });
  return rows.length === 1;
}

/** The address renewal notices are mailed to. */
export async function emailOf(ex: Executor, userId: number): Promise<string | undefined> {
  const [row] = await ex.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email;
}

/** Whether the owner has passed the real-name check (deploying to a domain asks for it). */
export async function ownerOf(ex: Executor, userId: number) {
  const [row] = await ex
    .select({ id: users.id, realNameVerified: users.realNameVerified })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

export async function addEvent(ex: Executor, event: typeof certificateEvents.$inferInsert): Promise<void> {
  await ex.insert(certificateEvents).values(event);
}

export async function eventsOf(ex: Executor, userId: number) {
  return ex
    .select()
    .from(certificateEvents)
    .where(eq(certificateEvents.userId, userId))
    .orderBy(desc(certificateEvents.id));
}

export async function findAccount(ex: Executor, directoryUrl: string) {
  const [row] = await ex.select().from(acmeAccounts).where(eq(acmeAccounts.directoryUrl, directoryUrl));
  return row;
}

/** Keeps the first account stored for the directory when two processes create one at once. */
export async function insertAccount(ex: Executor, directoryUrl: string, accountKeySealed: string, at: Date) {
  await ex.insert(acmeAccounts).values({ directoryUrl, accountKeySealed, createdAt: at }).onConflictDoNothing();
}

export async function setAccountUrl(ex: Executor, directoryUrl: string, accountUrl: string): Promise<void> {
  await ex.update(acmeAccounts).set({ accountUrl }).where(eq(acmeAccounts.directoryUrl, directoryUrl));
}
