import type { CertificateSource } from '@edgeward/contract';
import { and, asc, count, desc, eq, gte, inArray, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connect';
import { certificateDeployments, certificates } from '../../db/schema';

export type CertificateRow = typeof certificates.$inferSelect;

/** What a chain and key are stored as: the PEM, the sealed key and the facts parsed from the leaf. */
export type CertificateMaterial = Pick<
  CertificateRow,
  | 'certificatePem'
  | 'privateKeySealed'
  | 'commonName'
  | 'dnsNames'
  | 'subject'
  | 'issuer'
  | 'issuerName'
  | 'keyType'
  | 'keyBits'
  | 'notBefore'
  | 'notAfter'
  | 'fingerprint256'
  | 'serialNumber'
>;

export interface ListFilter {
  userId: number;
  search?: string;
  expiry?: 'expiring' | 'expired';
  source?: CertificateSource;
  /** A domain name the certificate's names must cover (certificate-check.ts namesCover, in SQL). */
  covers?: string;
  now: Date;
  /** The 'expiring' window's end. */
  expiringBefore: Date;
}

export interface DeployedDomain {
  certificateId: number;
  domainId: number;
  domainName: string;
}

export function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function listWhere(f: ListFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [eq(certificates.userId, f.userId)];
  if (f.source) parts.push(eq(certificates.source, f.source));
  if (f.expiry === 'expired') parts.push(lt(certificates.notAfter, f.now));
  if (f.expiry === 'expiring') {
    parts.push(gte(certificates.notAfter, f.now), lte(certificates.notAfter, f.expiringBefore));
  }
  if (f.covers) {
    const dot = f.covers.indexOf('.');
    const names = dot > 0 ? [f.covers, `*.${f.covers.slice(dot + 1)}`] : [f.covers];
    parts.push(or(...names.map((name) => sql`${certificates.dnsNames} @> ${JSON.stringify([name])}::jsonb`)));
  }
  if (f.search) {
    const pattern = containsPattern(f.search.toLowerCase());
    parts.push(
      or(
        sql`lower(${certificates.name}) LIKE ${pattern}`,
        sql`lower(${certificates.commonName}) LIKE ${pattern}`,
        // The names are lower case already (certificate-check.ts); jsonb's text form is searched as a whole.
        sql`${certificates.dnsNames}::text LIKE ${pattern}`,
      ),
    );
  }
  return and(...parts);
}

export async function countList(ex: Executor, f: ListFilter): Promise<number> {
  const [row] = await ex.select({ n: count() }).from(certificates).where(listWhere(f));
  return row?.n ?? 0;
}

export function listPage(ex: Executor, f: ListFilter, page: { offset: number; limit: number }) {
  return ex
    .select()
    .from(certificates)
    .where(listWhere(f))
    .orderBy(desc(certificates.createdAt), desc(certificates.id))
    .offset(page.offset)
    .limit(page.limit);
}

export async function findOfUser(
  ex: Executor,
  userId: number,
  id: number,
  options: { lock?: boolean } = {},
): Promise<CertificateRow | undefined> {
  const query = ex
    .select()
    .from(certificates)
    .where(and(eq(certificates.userId, userId), eq(certificates.id, id)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function insert(
  ex: Executor,
  values: CertificateMaterial & { userId: number; name: string; source: CertificateSource; at: Date },
): Promise<number> {
  const { at, ...rest } = values;
  const [row] = await ex
    .insert(certificates)
    .values({ ...rest, createdAt: at, updatedAt: at })
    .returning({ id: certificates.id });
  return row!.id;
}

export async function updateMaterialOfUser(
  ex: Executor,
  userId: number,
  id: number,
  values: CertificateMaterial & { name: string; at: Date },
): Promise<void> {
  const { at, ...rest } = values;
  await ex
    .update(certificates)
    .set({ ...rest, updatedAt: at })
    .where(and(eq(certificates.userId, userId), eq(certificates.id, id)));
}

export async function deleteOfUser(ex: Executor, userId: number, id: number): Promise<void> {
  await ex.delete(certificates).where(and(eq(certificates.userId, userId), eq(certificates.id, id)));
}

/** The domains each of the certificates is deployed to, by name. */
export function deploymentsOf(ex: Executor, certificateIds: number[]): Promise<DeployedDomain[]> {
  if (certificateIds.length === 0) return Promise.resolve([]);
  return ex
    .select({
      certificateId: certificateDeployments.certificateId,
      domainId: certificateDeployments.domainId,
      domainName: certificateDeployments.domainName,
    })
    .from(certificateDeployments)
    .where(inArray(certificateDeployments.certificateId, certificateIds))
    .orderBy(asc(certificateDeployments.domainName));
}

/** Records that the domain now serves the certificate (replacing whichever it served before). */
export async function recordDeployment(ex: Executor, deployment: DeployedDomain & { at: Date }): Promise<void> {
  const { at, ...rest } = deployment;
  await ex
    .insert(certificateDeployments)
    .values({ ...rest, deployedAt: at })
    .onConflictDoUpdate({
      target: certificateDeployments.domainId,
      set: { certificateId: rest.certificateId, domainName: rest.domainName, deployedAt: at },
    });
}
