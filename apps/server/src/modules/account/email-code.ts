import { randomInt, timingSafeEqual } from 'node:crypto';
import { limits } from '@edgeward/contract';
import type { Executor } from '../../db/connect';
import { AppError } from '../../http/errors';
import type { Mail } from '../../providers/mail';
import { hashSecret } from '../session';
import type { AccountDeps } from './account.deps';
import { emailCodeInvalid } from './account.errors';
import { accountPolicy } from './account.policy';
import * as repo from './account.repository';

const a = limits.account;

function sameHash(x: string, y: string): boolean {
  const bx = Buffer.from(x);
  const by = Buffer.from(y);
  return bx.length === by.length && timingSafeEqual(bx, by);
}

/**
 * The six-digit codes mailed to an address to prove it is the caller's (registration, a new email). A code serves
 * one purpose, a few wrong tries and a short while; a new one replaces the open ones.
 */
export function createEmailCodes(deps: Pick<AccountDeps, 'db' | 'now' | 'mail' | 'config'>) {
  const { db, now } = deps;
  return {
    /** Stores a new code for the address (at most one per resend interval) and mails it; a failed mail undoes it. */
    async issue(email: string, purpose: string, mail: (code: string) => Mail) {
      const code = String(randomInt(0, 10 ** a.emailCodeLength)).padStart(a.emailCodeLength, '0');
      const at = now();
      const codeId = await db.transaction(async (tx) => {
        await repo.lockEmail(tx, email);
        const last = await repo.latestEmailCodeAt(tx, email);
        if (last && at.getTime() - last.getTime() < a.emailCodeResendMs) return undefined;
        await repo.closeEmailCodes(tx, email, purpose, at);
        return repo.insertEmailCode(tx, {
          email,
          purpose,
          codeHash: hashSecret(code),
          createdAt: at,
          expiresAt: new Date(at.getTime() + a.emailCodeTtlMs),
        });
      });
      if (codeId === undefined) throw new AppError('CODE_SEND_TOO_OFTEN');
      try {
        await deps.mail.send(mail(code));
      } catch (error) {
        // An undelivered code must not hold back the next request for the resend interval.
        await repo.deleteEmailCode(db, codeId);
        throw error;
      }
      return { resendAfterMs: a.emailCodeResendMs };
    },

    /** The open code for the address and purpose if `code` fits it; a wrong code counts against the code's attempts. */
    async check(email: string, purpose: string, code: string): Promise<number> {
      const row = await repo.findOpenEmailCode(db, {
        email: email.toLowerCase(),
        purpose,
        now: now(),
        maxAttempts: accountPolicy.emailCodeMaxAttempts,
      });
      if (!row) throw emailCodeInvalid();
      const fixed = deps.config.fixedCode;
      if ((fixed !== undefined && code === fixed) || sameHash(row.codeHash, hashSecret(code))) return row.id;
      await repo.countEmailCodeAttempt(db, row.id);
      throw emailCodeInvalid();
    },

    /** Uses a checked code up inside the transaction that acts on it; fails when another request used it first. */
    async consume(tx: Executor, codeId: number, at: Date): Promise<void> {
      if (!(await repo.consumeEmailCode(tx, codeId, at))) throw emailCodeInvalid();
    },
  };
}
