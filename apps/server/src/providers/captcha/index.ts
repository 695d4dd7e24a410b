import { randomBytes, randomInt } from 'node:crypto';
import { limits } from '@edgeward/contract';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import svgCaptcha from 'svg-captcha';
import type { Executor } from '../../db/connect';
import { captchas } from '../../db/schema';
import { hashSecret } from '../../modules/session/session.service';

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

const hashAnswer = (answer: string) => hashSecret(answer.trim().toLowerCase());

/**
 * Image captchas stored as hashes, each answering once within limits.account.captchaTtlMs. `fixedAnswer` (tests
 * only; refused in production by config) is accepted by every captcha, which is still used up by the attempt.
 */
export function createCaptchaProvider(deps: { db: Executor; now: () => Date; fixedAnswer?: string }): CaptchaProvider {
  const open = (captchaId: string, now: Date) =>
    and(eq(captchas.id, captchaId), isNull(captchas.usedAt), gt(captchas.expiresAt, now));
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
      await deps.db
        .insert(captchas)
        .values({ id: captchaId, answerHash: hashAnswer(text), createdAt: deps.now(), expiresAt });
      return {
        captchaId,
        image: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
        expiresAt: expiresAt.getTime(),
      };
    },

    async verify(captchaId, answer, email) {
      const now = deps.now();
      const [row] = await deps.db
        .update(captchas)
        .set({ usedAt: now })
        .where(
          and(
            open(captchaId, now),
            email === undefined
              ? isNull(captchas.codeEmail)
              : or(isNull(captchas.codeEmail), eq(captchas.codeEmail, email)),
          ),
        )
        .returning({ answerHash: captchas.answerHash });
      return row !== undefined && fits(row.answerHash, answer);
    },

    async bindToEmail(captchaId, answer, email) {
      const now = deps.now();
      // Binding is one conditional update, so two requests racing with one captcha cannot both send a code.
      const [row] = await deps.db
        .update(captchas)
        .set({
          codeEmail: email,
          expiresAt: sql`greatest(${captchas.expiresAt}, ${new Date(now.getTime() + limits.account.emailCodeTtlMs)})`,
        })
        .where(and(open(captchaId, now), isNull(captchas.codeEmail)))
        .returning({ answerHash: captchas.answerHash });
      if (!row) return false;
      if (fits(row.answerHash, answer)) return true;
      await deps.db.update(captchas).set({ usedAt: now }).where(eq(captchas.id, captchaId));
      return false;
    },
  };
}
