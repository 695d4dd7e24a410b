import { randomBytes } from 'node:crypto';
import { domainVerifyRecordPrefix, type VerificationFailure, type VerificationStatus } from '@edgeward/contract';
import type { Executor } from '../../db/connect';
import { AppError, fieldError } from '../../http/errors';
import { type Actor, operatorActor } from '../../lib/actor';
import type { DnsLookup } from '../../providers/dns/resolver';
import { assertRealNameVerified } from '../identity';
import { recordOperation } from '../operation-log';
import { apexDomain } from './apex-domain';
import { findNameHolder } from './domain.repository';
import type { Caller, DomainStore } from './domain-steps';
import * as repo from './domain-verification.repository';

export interface DomainVerificationServiceDeps extends Omit<DomainStore, 'variant'> {
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

export interface VerificationOutcome {
  domainName: string;
  apexDomain: string;
  /** The record's full name, for the message that says where DNS was asked. */
  recordName: string;
  status: VerificationStatus;
  failure: VerificationFailure | null;
  found: string[];
}

/** What DNS says about the record: a lookup that could not be made is not a missing record. */
async function lookUp(dns: DnsLookup, name: string, expected: string) {
  let found: string[];
  try {
    found = await dns.txt(name);
  } catch {
    return { failure: 'dnsUnreachable' as const, found: [] };
  }
  if (found.some((v) => v.trim() === expected)) return { failure: null, found };
  return { failure: found.length ? ('recordMismatch' as const) : ('recordMissing' as const), found };
}

function verificationRecord(apex: string) {
  return { host: domainVerifyRecordPrefix, name: `${domainVerifyRecordPrefix}.${apex}` };
}

/**
 * Proof that the customer owns a name: a TXT record under its apex, random per user and apex. An apex verified
 * once covers all its subdomains for that account.
 */
function recordOwnership(tx: Executor, actor: Actor, apex: string) {
  return recordOperation(tx, {
    actor,
    action: 'domain.verifyOwnership',
    target: { type: 'domain', name: apex },
    after: { verified: 'yes' },
  });
}

export function createDomainVerificationService(deps: DomainVerificationServiceDeps) {
  const { db, now } = deps;

  return {
    /**
     * The TXT record for the name's apex: random per user and apex, the same on every call. The add-domain flow's
     * first step asks for it, so a name already added (by anyone) is refused here rather than after the whole flow.
     */
    async queryRecord(user: Caller, domainName: string) {
      const apex = verifiableApex(domainName);
      if (await findNameHolder(db, domainName)) throw new AppError('DOMAIN_TAKEN');
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

    /**
     * Looks the record up in DNS now. A missing or different record, or DNS servers that do not answer, is a
     * 'failed' answer that says which, not an error.
     */
    async verify(user: Caller, domainName: string, actor: Actor): Promise<VerificationOutcome> {
      assertRealNameVerified(user);
      const apex = verifiableApex(domainName);
      const recordName = verificationRecord(apex).name;
      const existing = await repo.findVerification(db, user.id, apex);
      if (existing?.status === 'success') {
        return { domainName, apexDomain: apex, recordName, status: 'success', failure: null, found: [] };
      }
      const row = existing ?? (await repo.ensureVerification(db, user.id, apex, recordName, newVerificationValue()));
      await repo.setVerificationStatus(db, user.id, row.id, 'validating', now());
      const { failure, found } = await lookUp(deps.dns, row.recordName, row.recordValue);
      const status = failure ? 'failed' : 'success';
      await db.transaction(async (tx) => {
        await repo.setVerificationStatus(tx, user.id, row.id, status, now());
        if (status === 'success') await recordOwnership(tx, actor, apex);
      });
      return { domainName, apexDomain: apex, recordName: row.recordName, status, failure, found };
    },

    /**
     * The operator's verification by hand (`domain verify`), for a customer whose DNS cannot be checked from here:
     * marks the apex verified for the account named, or for the one account that asked for a record. Answers the
     * apex and the account, or says why it cannot choose.
     */
    async verifyForCustomer(
      domainName: string,
      userName?: string,
      onVerified?: (tx: Executor, done: { apexDomain: string; userId: number }) => Promise<void>,
    ): Promise<{ apexDomain: string; userName: string } | { problem: 'noRequest' | 'ambiguous'; userNames: string[] }> {
      const apex = verifiableApex(domainName);
      const requesters = await repo.listRequestersSystem(db, apex);
      const chosen = userName
        ? requesters.find((r) => r.userName === userName)
        : requesters.length === 1
          ? requesters[0]
          : undefined;
      if (!chosen) {
        const userNames = requesters.map((r) => r.userName);
        return { problem: userName || requesters.length === 0 ? 'noRequest' : 'ambiguous', userNames };
      }
      await db.transaction(async (tx) => {
        const row = await repo.ensureVerification(
          tx,
          chosen.userId,
          apex,
          verificationRecord(apex).name,
          newVerificationValue(),
        );
        await repo.setVerificationStatus(tx, chosen.userId, row.id, 'success', now());
        await recordOwnership(tx, operatorActor(chosen.userId), apex);
        await onVerified?.(tx, { apexDomain: apex, userId: chosen.userId });
      });
      return { apexDomain: apex, userName: chosen.userName };
    },
    /** The apexes the user has proved to own. */
    verifiedApexes: (user: Caller) => repo.verifiedApexes(db, user.id),

    /** Whether the user has proved to own the apex. */
    async isVerified(user: Caller, apex: string): Promise<boolean> {
      return (await repo.findVerification(db, user.id, apex))?.status === 'success';
    },
  };
}

export type DomainVerificationService = ReturnType<typeof createDomainVerificationService>;
