import {
  fromUtc8Time,
  maskIdentityText,
  type RealNameAttempt,
  type RealNameStatus,
  type RealNameSubmit,
  utc8Time,
} from '@edgeward/contract';
import type { Db } from '../../db/connect';
import type { RealNameAttemptRow } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import type { FaceCheckNotification, IdentityVerifier } from '../../providers/identity';
import type { SecretBox } from '../../secrets/secret-box';
import type { AuthUser } from '../session';
import { recordVerification } from './real-name.log';
import { presentAttempt } from './real-name.presenter';
import * as repo from './real-name.repository';

type Caller = Pick<AuthUser, 'id'>;

export interface RealNameServiceDeps {
  db: Db;
  now: () => Date;
  verifier: IdentityVerifier;
  box: SecretBox;
  publicUrl: string;
  /** Failed face checks allowed per user and Beijing day (REAL_NAME_DAILY_FAILURES). */
  dailyFailureLimit: number;
}

/** What a callback did; only `unknown` is refused (the service retries it, and the operator sees it fail). */
export type FaceCheckOutcome = 'passed' | 'failed' | 'duplicate' | 'unchanged' | 'unknown';

/** The start of the Beijing (UTC+8) day `at` falls in: the daily failure limit counts from there. */
function beijingDayStart(at: Date): Date {
  return fromUtc8Time({ ...utc8Time(at), hour: 0, minute: 0, second: 0 });
}

/** The sealed identity of an attempt: bound to its owner and to what it is, so it opens nowhere else. */
export function sealIdentity(box: SecretBox, userId: number, identity: RealNameSubmit) {
  return {
    realNameSealed: box.seal(identity.realName, `real-name:${userId}:name`),
    idNumberSealed: box.seal(identity.idNumber, `real-name:${userId}:id-number`),
    realNameMasked: maskIdentityText(identity.realName),
    idNumberMasked: maskIdentityText(identity.idNumber),
  };
}

const bizNoOf = (attemptId: number) => `RN${attemptId}`;
const attemptIdOf = (bizNo: string) => (/^RN\d{1,15}$/.test(bizNo) ? Number(bizNo.slice(2)) : null);

/**
 * Real-name verification (spec sections 1, 2, 5): a name and an ID number, then a face check at the identity
 * service, whose signed callback passes or fails it. A pass sets the account's verified flag in the same
 * transaction. Failed checks are limited per Beijing day; a new submission supersedes a pending check.
 */
export function createRealNameService(deps: RealNameServiceDeps) {
  const { db, now, verifier } = deps;
  const present = (row: RealNameAttemptRow) => presentAttempt(row, verifier.sandbox, now());

  async function status(user: Caller): Promise<RealNameStatus> {
    const verified = await repo.accountVerified(db, user.id);
    const passed = verified ? await repo.latest(db, user.id, ['passed']) : null;
    const open = verified ? null : await repo.latest(db, user.id, ['pending', 'failed', 'revoked']);
    return {
      verified,
      identity: passed ? { realName: passed.realNameMasked, idNumber: passed.idNumberMasked } : null,
      verifiedAt: passed?.finishedAt?.getTime() ?? null,
      sample: passed?.sample ?? false,
      attempt: open && open.status !== 'revoked' ? await present(open) : null,
      failuresToday: await repo.failuresSince(db, user.id, beijingDayStart(now())),
      dailyFailureLimit: deps.dailyFailureLimit,
    };
  }

  async function submit(user: Caller, identity: RealNameSubmit): Promise<RealNameAttempt> {
    const attempt = await db.transaction(async (tx) => {
      const account = await repo.lockAccount(tx, user.id);
      if (!account) throw notFound();
      if (account.realNameVerified) throw new AppError('REAL_NAME_ALREADY_VERIFIED');
      const at = now();
      const failures = await repo.failuresSince(tx, user.id, beijingDayStart(at));
      if (failures >= deps.dailyFailureLimit) {
        throw new AppError('REAL_NAME_ATTEMPTS_EXCEEDED', { params: { limit: deps.dailyFailureLimit } });
      }
      await repo.moveAll(tx, user.id, 'pending', 'superseded', at);
      return repo.insertAttempt(tx, {
        userId: user.id,
        ...sealIdentity(deps.box, user.id, identity),
        provider: verifier.name,
        status: 'pending',
        createdAt: at,
      });
    });
    // The service is called outside the transaction: it is the outside world, and may be slow or fail.
    let check: { checkId: string; checkUrl: string };
    try {
      check = await verifier.startCheck({
        bizNo: bizNoOf(attempt.id),
        ...identity,
        notifyUrl: `${deps.publicUrl}/api/real-name/notify/${verifier.name}`,
      });
    } catch (error) {
      await repo.deleteAttempt(db, attempt.id);
      throw error;
    }
    await repo.setCheck(db, attempt.id, check);
    return present({ ...attempt, ...check });
  }

  async function attempt(user: Caller, id: number): Promise<RealNameAttempt> {
    const row = await repo.findOwn(db, user.id, id);
    if (!row) throw notFound();
    return present(row);
  }

  /**
   * Applies a verified callback exactly once: the attempt must be the one the service was started for (our
   * reference and its check id); the notification id is recorded in the same transaction, so a replay changes
   * nothing. Only a pending attempt moves; a pass sets the account verified.
   */
  async function applyNotification(provider: string, n: FaceCheckNotification): Promise<FaceCheckOutcome> {
    const attemptId = attemptIdOf(n.bizNo);
    if (attemptId === null) return 'unknown';
    return db.transaction(async (tx) => {
      const row = await repo.lockSystem(tx, attemptId);
      if (!row || row.provider !== provider || row.checkId !== n.checkId) return 'unknown';
      const at = now();
      if (!(await repo.recordNotification(tx, { provider, notifyId: n.notifyId, attemptId: row.id, at }))) {
        return 'duplicate';
      }
      if (row.status !== 'pending') return 'unchanged';
      await repo.finishAttempt(tx, row.id, { status: n.result, at });
      if (n.result === 'passed') {
        await repo.setAccountVerified(tx, row.userId, true, at);
        // The customer's own check, answered by the service's callback: no console session made it.
        await recordVerification(tx, { kind: 'user', userId: row.userId }, { id: row.userId }, true, at);
      }
      return n.result;
    });
  }

  return { status, submit, attempt, applyNotification };
}

export type RealNameService = ReturnType<typeof createRealNameService>;
