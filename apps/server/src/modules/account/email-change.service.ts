import { type EmailChangeCodeRequest, type Locale, limits, type ProfileEdit } from '@edgeward/contract';
import { AppError, fieldError } from '../../http/errors';
import { translate } from '../../http/i18n';
import type { AuthUser } from '../session';
import type { AccountDeps } from './account.deps';
import { emailTaken, passwordWrong } from './account.errors';
import * as repo from './account.repository';
import { createEmailCodes } from './email-code';
import { refuseSimulation } from './simulation.guard';

const a = limits.account;

/**
 * The purpose of a code that confirms a new email: bound to the user who asked, so that a code only ever moves that
 * user's account to the address it was sent to.
 */
const emailChangePurpose = (userId: number) => `change_email:${userId}`;

/**
 * Moving an account to another email: a code sent to the new address, and the current password, both checked before
 * the profile saves the address (the address is where reset links go).
 */
export function createEmailChangeService(deps: Pick<AccountDeps, 'db' | 'now' | 'config' | 'mail' | 'passwords'>) {
  const { db } = deps;
  const codes = createEmailCodes(deps);
  return {
    /** The code that confirms a new email, sent to that address. */
    async sendCode(user: AuthUser, input: EmailChangeCodeRequest, locale: Locale) {
      refuseSimulation(user);
      const email = input.email.toLowerCase();
      if (email === user.email.toLowerCase()) {
        throw new AppError('VALIDATION_FAILED', {
          fields: { email: 'account.email.unchanged' },
          messageKey: 'account.email.unchanged',
        });
      }
      if (await repo.findUserByEmail(db, email)) throw emailTaken();
      return codes.issue(email, emailChangePurpose(user.id), (code) => ({
        to: input.email,
        subject: translate(locale, 'account.mail.emailChange.subject'),
        text: translate(locale, 'account.mail.emailChange.text', {
          code,
          userName: user.userName,
          minutes: a.emailCodeTtlMs / 60_000,
        }),
      }));
    },

    /** Checks the password and the code of a profile edit that changes the email; answers the code to consume. */
    async check(user: AuthUser, input: ProfileEdit): Promise<number> {
      refuseSimulation(user);
      if (!input.currentPassword) throw fieldError('currentPassword', 'validation.required');
      if (!input.emailCode) throw fieldError('emailCode', 'account.emailCode.required');
      if (!(await deps.passwords.verify(await repo.findPasswordHash(db, user.id), input.currentPassword))) {
        throw passwordWrong('currentPassword');
      }
      return codes.check(input.email, emailChangePurpose(user.id), input.emailCode);
    },

    consume: codes.consume,
  };
}

export type EmailChangeService = ReturnType<typeof createEmailChangeService>;
