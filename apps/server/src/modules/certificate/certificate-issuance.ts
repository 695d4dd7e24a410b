import type { Db } from '../../db/connect';
import type { StoredMessage } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { Job } from '../../jobs/job';
import { enqueueJob } from '../../jobs/runner';
import type { Actor } from '../../lib/actor';
import { type AcmeSession, AcmeUnreachableError, createCertificateKey, createCsr } from '../../providers/acme';
import type { SecretBox } from '../../secrets/secret-box';
import { eventMessage, sendMessage } from '../message';
import * as certificates from './certificate.repository';
import { type CertificateService, certificateMaterial, type DeployOutcome } from './certificate.service';
import { applicationBackoffMs, applicationJob } from './certificate-application.jobs';
import * as repo from './certificate-application.repository';
import type { RenewalNotices } from './renewal-notices';

export interface IssuanceDeps {
  db: Db;
  now: () => Date;
  box: SecretBox;
  account: () => Promise<AcmeSession>;
  certificates: CertificateService;
  notices: RenewalNotices;
  /** How long one run owns an application; a process that dies frees it after this. */
  leaseMs?: number;
}

const clockSkewMs = 10 * 60_000;

/** The CA has not finished validating or issuing yet: looked at again after the job's back-off. */
class NotYetError extends Error {
  constructor(readonly status: string) {
    super(`the order is still ${status}`);
  }
}

/** The application's certificate key opens only for its owner's application. */
export const applicationKeyContext = (userId: number, applicationId: number) =>
  `certificate-application-key:user:${userId}:application:${applicationId}`;

/** The name a certificate applied for is stored under: its first name, within the 32 characters a name may have. */
const certificateName = (names: string[]) => names[0]!.slice(0, 32);

const issuedMessage = (row: repo.ApplicationRow) =>
  eventMessage('certificate', row.renewalOf ? 'certificate.renewed' : 'certificate.issued', {
    domain: row.domainNames.join(', '),
  });
const failedMessage = (row: repo.ApplicationRow, failure: StoredMessage) =>
  eventMessage('certificate', 'certificate.failed', {
    domain: row.domainNames.join(', '),
    reason: String(failure.params?.reason ?? ''),
  });

const toStored = (outcomes: DeployOutcome[]) => outcomes.map(({ message, ...rest }) => ({ ...rest, message }));

/**
 * The issuance job's work for one application. Two processes never work on one application at a time: a run takes
 * the application's lease first (a conditional update), and one that finds it taken enqueues itself for when the
 * lease ends. Every change of status is conditional on the status it leaves.
 */
export function createIssuance(deps: IssuanceDeps) {
  const { db, now, box } = deps;
  const leaseMs = deps.leaseMs ?? 2 * 60_000;

  /**
   * Ends the application failed. The customer who applied is told each time; a renewal, which the maintenance run
   * tries again every hour, once.
   */
  async function fail(row: repo.ApplicationRow, failure: StoredMessage): Promise<void> {
    await db.transaction(async (tx) => {
      const at = now();
      const failed = await repo.transition(tx, row.id, ['creating', 'generating'], {
        status: 'failed',
        failure,
        failureStage: 'acme',
        retryReason: null,
        nextAttemptAt: null,
        updatedAt: at,
      });
      if (!failed) return;
      if (!failed.renewalOf) {
        await sendMessage(tx, row.userId, failedMessage(row, failure), at);
        return;
      }
      await repo.addEvent(tx, {
        userId: row.userId,
        kind: 'renewalFailed',
        certificateId: failed.renewalOf,
        applicationId: row.id,
        params: { names: row.domainNames.join(', '), ...(failure.params ?? {}) },
        createdAt: at,
      });
      if (await repo.claimNotice(tx, row.id, 'failed')) {
        await deps.notices.announce(tx, failed, 'failed', at, failure);
      }
    });
  }

  /**
   * A try that did not get through, kept on the application as it happens (the count, why, when the job tries
   * again) so that the customer sees more than "creating" while the job backs off.
   */
  async function retryLater(row: repo.ApplicationRow, job: Job, reason: StoredMessage): Promise<void> {
    const at = now();
    await repo.countRetry(db, row.id, ['creating', 'generating'], {
      retryReason: reason,
      nextAttemptAt: new Date(at.getTime() + applicationBackoffMs(job.attempts)),
      updatedAt: at,
    });
  }

  /** Places the order and keeps its DNS-01 records; authorizations the CA reuses need none, and go on at once. */
  async function placeOrder(row: repo.ApplicationRow): Promise<repo.ApplicationRow | undefined> {
    const { url, challenges } = await (await deps.account()).placeOrder(row.domainNames);
    const records = challenges.map((c) => ({
      domainName: c.wildcard ? `*.${c.domainName}` : c.domainName,
      wildcard: c.wildcard,
      name: `_acme-challenge.${c.domainName}`,
      value: c.value,
      authorizationUrl: c.authorizationUrl,
      challengeUrl: c.challengeUrl,
    }));
    const proven = challenges.every((c) => c.status === 'valid');
    return db.transaction(async (tx) => {
      const at = now();
      const updated = await repo.transition(tx, row.id, ['creating'], {
        status: proven ? 'generating' : 'pending',
        orderUrl: url,
        records,
        recordsAt: at,
        verifiedAt: proven ? at : null,
        dnsCheck: null,
        retryReason: null,
        nextAttemptAt: null,
        updatedAt: at,
      });
      // A renewal whose names the CA no longer reuses waits for the customer: told at once, with the records.
      if (updated?.status === 'pending' && updated.renewalOf) {
        await repo.addEvent(tx, {
          userId: row.userId,
          kind: 'renewalNeedsDns',
          certificateId: updated.renewalOf,
          applicationId: row.id,
          params: { names: row.domainNames.join(', '), applicationId: String(row.id) },
          createdAt: at,
        });
        await deps.notices.announce(tx, updated, 'needsDns', at);
      }
      return updated;
    });
  }

  /** The certificate key, made and stored before the first finalize so that a resumed run uses the same one. */
  async function certificateKey(row: repo.ApplicationRow): Promise<string> {
    const context = applicationKeyContext(row.userId, row.id);
    if (row.certificateKeySealed) return box.open(row.certificateKeySealed, context);
    const key = await createCertificateKey(row.keyType);
    await repo.transition(db, row.id, ['generating'], {
      certificateKeySealed: box.seal(key, context),
      updatedAt: now(),
    });
    return key;
  }

  /** Has the CA validate, finalizes, downloads and stores the certificate; then deploys it. */
  async function generate(row: repo.ApplicationRow): Promise<void> {
    const session = await deps.account();
    const orderUrl = row.orderUrl!;
    let state = await session.order(orderUrl);
    if (state.status === 'pending') {
      await session.answerChallenges(orderUrl);
      state = await session.settle(orderUrl);
    }
    let key: string | undefined;
    if (state.status === 'ready') {
      key = await certificateKey(row);
      await session.finalize(orderUrl, await createCsr(row.domainNames, key));
      state = await session.settle(orderUrl);
    }
    if (state.status === 'processing') state = await session.settle(orderUrl);
    if (state.status === 'invalid') {
      const reason = state.problem ?? 'the order was refused';
      return fail(row, { key: 'certificate.application.generationFailedWith', params: { reason } });
    }
    if (state.status !== 'valid') throw new NotYetError(state.status);
    const chain = await session.certificate(orderUrl);
    await store(row, chain, key ?? (await certificateKey(row)));
  }

  async function store(row: repo.ApplicationRow, chain: string, key: string): Promise<void> {
    // A CA that does not backdate (Pebble) hands over a chain valid from its own 'now', which may be a little ahead
    // of this server's clock: the checks look from a few minutes on, so a skew does not refuse what was just issued.
    const checkedAt = () => new Date(now().getTime() + clockSkewMs);
    const material = certificateMaterial({ certificate: chain, privateKey: key }, row.userId, { box, now: checkedAt });
    const at = now();
    const certificateId = await db
      .transaction(async (tx) => {
        let id = row.renewalOf;
        if (id) {
          await certificates.updateMaterialOfUser(tx, row.userId, id, {
            ...material,
            name: certificateName(row.domainNames),
            at,
          });
        } else {
          id = await certificates.insert(tx, {
            ...material,
            userId: row.userId,
            name: certificateName(row.domainNames),
            source: 'applied',
            at,
          });
        }
        const done = await repo.transition(tx, row.id, ['generating'], {
          status: 'completed',
          certificateId: id,
          certificateKeySealed: null,
          completedAt: at,
          failure: null,
          failureStage: null,
          retryReason: null,
          nextAttemptAt: null,
          updatedAt: at,
        });
        // Another run completed it first: nothing of this one is kept.
        if (!done) tx.rollback();
        await sendMessage(tx, row.userId, issuedMessage(row), at);
        return id;
      })
      .catch((error) => {
        if ((error as Error).name === 'TransactionRollbackError') return undefined;
        throw error;
      });
    if (!certificateId) return;
    const owner = (await repo.ownerOf(db, row.userId))!;
    // The deployment the customer asked for with the application (or its renewal): theirs, made by no session.
    const actor: Actor = { kind: 'user', userId: row.userId };
    const outcomes = row.renewalOf
      ? await deps.certificates.redeploy(owner, certificateId, actor)
      : row.deployDomainIds.length
        ? await deps.certificates.deploy(owner, certificateId, row.deployDomainIds, actor)
        : null;
    if (outcomes) {
      await repo.transition(db, row.id, ['completed'], { deployResults: toStored(outcomes), updatedAt: now() });
    }
    if (row.renewalOf) {
      await repo.addEvent(db, {
        userId: row.userId,
        kind: 'renewed',
        certificateId,
        applicationId: row.id,
        params: { names: row.domainNames.join(', ') },
        createdAt: now(),
      });
    }
  }

  return {
    /** The job handler: one application, as far as it goes now. */
    async advance(applicationId: number, job: Job): Promise<void> {
      const row = await repo.find(db, applicationId);
      if (row?.status !== 'creating' && row?.status !== 'generating') return;
      const at = now();
      const until = new Date(at.getTime() + leaseMs);
      if (!(await repo.takeLease(db, applicationId, at, until))) {
        const runAt = row.workerLeaseUntil ?? until;
        await enqueueJob(db, applicationJob, { applicationId }, { runAt });
        return;
      }
      try {
        if (row.status === 'creating') {
          const placed = await placeOrder(row);
          if (placed?.status === 'generating') await generate(placed);
        } else {
          await generate(row);
        }
      } catch (error) {
        const lastTry = job.attempts >= applicationJob.maxAttempts;
        if (error instanceof AcmeUnreachableError) {
          if (!lastTry) {
            await retryLater(row, job, {
              key: 'certificate.application.retry.caUnreachable',
              params: { reason: error.message },
            });
            throw error;
          }
          return fail(row, { key: 'certificate.application.caUnreachable', params: { reason: error.message } });
        }
        if (error instanceof NotYetError && !lastTry) {
          await retryLater(row, job, { key: 'certificate.application.retry.notYet', params: { status: error.status } });
          throw error;
        }
        // The issued chain refused by the certificate checks: the check's own message says why.
        if (error instanceof AppError && error.options.messageKey) {
          return fail(row, { key: error.options.messageKey, params: error.options.params as Record<string, string> });
        }
        return fail(row, {
          key: 'certificate.application.generationFailedWith',
          params: { reason: (error as Error).message || String(error) },
        });
      } finally {
        await repo.releaseLease(db, applicationId, until);
      }
    },
  };
}
