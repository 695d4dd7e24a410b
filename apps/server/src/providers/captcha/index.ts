import { createHash, randomBytes, randomInt } from 'node:crypto';
import { limits } from '@edgeward/contract';
import svgCaptcha from 'svg-captcha';

/** Letters and digits that cannot be mistaken for one another (no 0/o, 1/l/i). */
const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const answerLength = 4;

// svg-captcha's typings omit its callable export, which draws a text we chose: the answer then comes from
// crypto, not from Math.random.
const draw = svgCaptcha as unknown as (text: string, options?: Parameters<typeof svgCaptcha.create>[0]) => string;

export interface CaptchaProvider {
  create(): Promise<{ captchaId: string; image: string; expiresAt: number }>;
  /**
   * True when the answer fits (case-insensitive). The captcha is used up either way. A captcha bound to an address
   * by bindToEmail answers only for that `email`.
   */
  verify(captchaId: string, answer: string, email?: string): Promise<boolean>;
  /**
   * Checks the answer of an email-code request and binds the captcha to the address: it sends no further code, and
   * stays good for that address's registration (verify with `email`) while the code is. A wrong answer uses it up.
   */
  bindToEmail(captchaId: string, answer: string, email: string): Promise<boolean>;
}

/**
 * Where captchas are kept: the provider draws and checks them, the store (the account area's repository) keeps
 * them. Each method that opens a captcha only finds one that is unused and unexpired at `now`.
 */
export interface CaptchaStore {
  insert(captcha: { id: string; answerHash: string; createdAt: Date; expiresAt: Date }): Promise<void>;
  /** Marks an open captcha used and answers its answer hash; a captcha bound to an address only for that `email`. */
  use(captchaId: string, now: Date, email?: string): Promise<string | undefined>;
  /** Binds an open, unbound captcha to `email`, keeping it at least until `keepUntil`; answers its answer hash. */
  bind(captchaId: string, now: Date, email: string, keepUntil: Date): Promise<string | undefined>;
  markUsed(captchaId: string, now: Date): Promise<void>;
}

const hashAnswer = (answer: string) => createHash('sha256').update(answer.trim().toLowerCase()).digest('hex');

/**
 * Image captchas stored as hashes, each answering once within limits.account.captchaTtlMs. `fixedAnswer` (tests
 * only; refused in production by config) is accepted by every captcha, which is still used up by the attempt.
 */
export function createCaptchaProvider(deps: {
  store: CaptchaStore;
  now: () => Date;
  fixedAnswer?: string;
}): CaptchaProvider {
  const fits = (answerHash: string, answer: string) =>
    (deps.fixedAnswer !== undefined && answer.trim().toLowerCase() === deps.fixedAnswer.toLowerCase()) ||
    answerHash === hashAnswer(answer);

  return {
    async create() {
      let text = '';
      for (let i = 0; i < answerLength; i++) text += alphabet[randomInt(alphabet.length)];
      const svg = draw(text, { noise: 3, width: 120, height: 40, fontSize: 48, background: '#f5f5f5' });
      const captchaId = randomBytes(16).toString('base64url');
      const expiresAt = new Date(deps.now().getTime() + limits.account.captchaTtlMs);
      await deps.store.insert({ id: captchaId, answerHash: hashAnswer(text), createdAt: deps.now(), expiresAt });
      return {
        captchaId,
        image: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
        expiresAt: expiresAt.getTime(),
      };
    },

    async verify(captchaId, answer, email) {
      const answerHash = await deps.store.use(captchaId, deps.now(), email);
      return answerHash !== undefined && fits(answerHash, answer);
    },

    async bindToEmail(captchaId, answer, email) {
      const now = deps.now();
      const keepUntil = new Date(now.getTime() + limits.account.emailCodeTtlMs);
      const answerHash = await deps.store.bind(captchaId, now, email, keepUntil);
      if (answerHash === undefined) return false;
      if (fits(answerHash, answer)) return true;
      await deps.store.markUsed(captchaId, now);
      return false;
    },
  };
}
