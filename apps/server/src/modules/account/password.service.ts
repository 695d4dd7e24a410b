import { type ForgotPassword, type Locale, limits, type PasswordEdit, type ResetPassword } from '@edgeward/contract';
import { passwordResetTokens } from '../../db/schema';
import { AppError } from '../../http/errors';
import { translate } from '../../http/i18n';
import type { Actor } from '../../lib/actor';
import { type AuthUser, hashSecret, newToken, revokeAllOfUser, sessionIdOf } from '../session';
import type { AccountDeps } from './account.deps';
import { captchaInvalid, passwordWrong } from './account.errors';
import { accountPolicy } from './account.policy';
import * as repo from './account.repository';
import { recordPassword } from './account-log';
import { refuseSimulation } from './simulation.guard';

const a = limits.account;

/** Changing the password when it is known, and resetting it by a mailed link when it is forgotten. */
export function createPasswordService(
  deps: Pick<AccountDeps, 'db' | 'now' | 'config' | 'mail' | 'captcha' | 'passwords' | 'log'>,
) {
  const { db, now } = deps;

  async function sendResetLink(user: { id: number; email: string }, locale: Locale): Promise<void> {
    const at = now();
    const last = await repo.latestTokenAt(db, passwordResetTokens, user.id);
    // One link per resend interval and a few per window; the caller's answer is the same either way.
    if (last && at.getTime() - last.getTime() < a.emailCodeResendMs) return;
    const budget = accountPolicy.resetLinksPerAddress;
    const since = new Date(at.getTime() - budget.windowMs);
    if ((await repo.countTokensSince(db, passwordResetTokens, user.id, since)) >= budget.max) return;
    const token = newToken();
    await repo.insertToken(db, passwordResetTokens, {
      tokenHash: hashSecret(token),
      userId: user.id,
      createdAt: at,
      expiresAt: new Date(at.getTime() + a.resetTokenTtlMs),
    });
    // Absolute: the link is opened from a mailbox, not from the console.
    const link = `${deps.config.publicUrl}/user/reset-password?token=${encodeURIComponent(token)}`;
    await deps.mail.send({
      to: user.email,
      subject: translate(locale, 'account.mail.reset.subject'),
      text: translate(locale, 'account.mail.reset.text', { link, minutes: a.resetTokenTtlMs / 60_000 }),
    });
  }

  return {
    /** Keeps the session that made the change signed in and signs out every other one. */
    async editPassword(user: AuthUser, input: PasswordEdit, actor: Actor) {
      refuseSimulation(user);
      const stored = await repo.findPasswordHash(db, user.id);
      if (!(await deps.passwords.verify(stored, input.oldPassword))) throw passwordWrong('oldPassword');
      const passwordHash = await deps.passwords.hash(input.newPassword);
      await db.transaction(async (tx) => {
        await repo.updatePasswordHash(tx, user.id, passwordHash, now());
        await revokeAllOfUser(tx, user.id, sessionIdOf(user));
        await recordPassword(tx, actor, user.userName);
      });
      return null;
    },

    /**
     * Always answers the same, whether or not the address has an account. The link is sent in the background so
     * that the answer's timing does not tell either.
     */
    async forgotPassword(input: ForgotPassword, locale: Locale) {
      if (!(await deps.captcha.verify(input.captchaId, input.captchaCode))) throw captchaInvalid();
      const user = await repo.findUserByEmail(db, input.email);
      if (user) {
        void sendResetLink(user, locale).catch((error: unknown) => {
          deps.log.error({ err: error }, 'password reset mail failed');
        });
      }
      return null;
    },

    /** Sets the password, uses the link up and signs the user out everywhere. */
    /** `address`: the client's, for the operation log (the reset is made without a session). */
    async resetPassword(input: ResetPassword, address: string) {
      const tokenHash = hashSecret(input.token);
      // Checked before hashing, so that invalid links cost no argon2 work.
      if (!(await repo.findOpenToken(db, passwordResetTokens, tokenHash, now()))) {
        throw new AppError('RESET_TOKEN_INVALID');
      }
      const passwordHash = await deps.passwords.hash(input.password);
      await db.transaction(async (tx) => {
        const at = now();
        const userId = await repo.consumeToken(tx, passwordResetTokens, tokenHash, at);
        if (userId === undefined) throw new AppError('RESET_TOKEN_INVALID');
        await repo.updatePasswordHash(tx, userId, passwordHash, at);
        await repo.closeTokensOfUser(tx, passwordResetTokens, userId, at);
        await revokeAllOfUser(tx, userId);
        await recordPassword(tx, { kind: 'user', userId, address }, null, 'resetLink');
      });
      return null;
    },
  };
}
