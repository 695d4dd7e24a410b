import { randomBytes } from 'node:crypto';
import { domainVerifyRecordPrefix, type VerificationStatus } from '@edgeward/contract';
import { fieldError } from '../../http/errors';
import type { DnsLookup } from '../../providers/dns/resolver';
import { assertRealNameVerified } from '../identity/real-name.guard';
import { apexDomain } from './apex-domain';
import type { Caller, DomainStore } from './domain-steps';
import * as repo from './domain-verification.repository';

export interface DomainVerificationServiceDeps extends DomainStore {
  dns: DnsLookup;
}

/** The apex that must be verified; a public suffix (co.za, github.io) belongs to nobody, so it cannot be added. */
export function verifiableApex(domainName: string): string {
  const apex = apexDomain(domainName);
  if (!apex) throw fieldError('domainName', 'domain.name.publicSuffix');
  return apex;
}

function newVerificationValue(): string {
  return `edgeward-verify=${randomBytes(16).toString('hex')}`;
}

function verificationRecord(apex: string) {
  return { host: domainVerifyRecordPrefix, name: `${domainVerifyRecordPrefix}.${apex}` };
}

/**
 * Proof that the customer owns a name: a TXT record under its apex, random per user and apex. An apex verified
 * once covers all its subdomains for that account.
 */
export function createDomainVerificationService(deps: DomainVerificationServiceDeps) {
  const { db, now } = deps;

  return {
    /** The TXT record for the name's apex: random per user and apex, the same on every call. */
    async queryRecord(user: Caller, domainName: string) {
      const apex = verifiableApex(domainName);
      const record = verificationRecord(apex);
      const row = await repo.ensureVerification(db, user.id, apex, record.name, newVerificationValue());
      return {
        domainName,
        apexDomain: apex,
        recordType: 'TXT' as const,
        ...record,
        value: row.recordValue,
        verified: row.status === 'success',
      };
    },

    /** Looks the record up in DNS now. A missing or different record is a 'failed' answer, not an error. */
    async verify(
      user: Caller,
      domainName: string,
    ): Promise<{ domainName: string; apexDomain: string; status: VerificationStatus }> {
      assertRealNameVerified(user);
      const apex = verifiableApex(domainName);
      const existing = await repo.findVerification(db, user.id, apex);
      if (existing?.status === 'success') return { domainName, apexDomain: apex, status: 'success' };
      const row =
        existing ??
        (await repo.ensureVerification(db, user.id, apex, verificationRecord(apex).name, newVerificationValue()));
      await repo.setVerificationStatus(db, user.id, row.id, 'validating', now());
      const values = await deps.dns.txt(row.recordName).catch(() => [] as string[]);
      const status = values.some((v) => v.trim() === row.recordValue) ? 'success' : 'failed';
      await repo.setVerificationStatus(db, user.id, row.id, status, now());
      return { domainName, apexDomain: apex, status };
    },

    /** Whether the user has proved to own the apex. */
    async isVerified(user: Caller, apex: string): Promise<boolean> {
      return (await repo.findVerification(db, user.id, apex))?.status === 'success';
    },
  };
}

export type DomainVerificationService = ReturnType<typeof createDomainVerificationService>;
