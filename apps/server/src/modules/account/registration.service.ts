import {
  defaultCustomerPermissions,
  type EmailCodeRequest,
  type Locale,
  limits,
  type Register,
} from '@edgeward/contract';
import { translate } from '../../http/i18n';
import type { AccountDeps } from './account.deps';
import { captchaInvalid, emailTaken, mapTaken, refuseTaken } from './account.errors';
import * as repo from './account.repository';
import { createEmailCodes } from './email-code';

const a = limits.account;

/** A new customer: the captcha, the code that proves the address, and the account with the default permissions. */
export function createRegistrationService(
  deps: Pick<AccountDeps, 'db' | 'now' | 'config' | 'mail' | 'captcha' | 'passwords'>,
) {
  const { db, now } = deps;
  const codes = createEmailCodes(deps);
  return {
    newCaptcha: () => deps.captcha.create(),

    async sendEmailCode(input: EmailCodeRequest, locale: Locale) {
      const email = input.email.toLowerCase();
      // The person types one captcha per registration: this binds it to the address instead of using it up.
      if (!(await deps.captcha.bindToEmail(input.captchaId, input.captchaCode, email))) throw captchaInvalid();
      // Codes serve registration only (EmailCodeRequestSchema.purpose), so a registered address has no use for one.
      if (await repo.findUserByEmail(db, email)) throw emailTaken();
      return codes.issue(email, input.purpose, (code) => ({
        to: input.email,
        subject: translate(locale, 'account.mail.code.subject'),
        text: translate(locale, 'account.mail.code.text', { code, minutes: a.emailCodeTtlMs / 60_000 }),
      }));
    },

    async register(input: Register) {
      if (!(await deps.captcha.verify(input.captchaId, input.captchaCode, input.email.toLowerCase()))) {
        throw captchaInvalid();
      }
      refuseTaken(await repo.findTaken(db, input));
      const codeId = await codes.check(input.email, 'register', input.emailCode);
      const passwordHash = await deps.passwords.hash(input.password);
      const at = now();
      await mapTaken(
        db.transaction(async (tx) => {
          await codes.consume(tx, codeId, at);
          const userId = await repo.insertUser(tx, {
            userName: input.userName,
            email: input.email,
            phone: input.phone,
            passwordHash,
            realNameVerified: false,
            createdAt: at,
          });
          await repo.insertPermissions(tx, userId, defaultCustomerPermissions);
        }),
      );
      return { userName: input.userName, email: input.email };
    },
  };
}
