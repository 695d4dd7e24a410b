import { randomBytes, randomInt } from 'node:crypto';
import { limits } from '@edgeward/contract';
import { and, eq, gt, isNull } from 'drizzle-orm';
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
  /** True when the answer fits (case-insensitive). The captcha is used up either way. */
  verify(captchaId: string, answer: string): Promise<boolean>;
}

const hashAnswer = (answer: string) => hashSecret(answer.trim().toLowerCase());

/**
 * Image captchas stored as hashes, each answering once within limits.account.captchaTtlMs. `fixedAnswer` (tests
 * only; refused in production by config) is accepted by every captcha, which is still used up by the attempt.
 */
export function createCaptchaProvider(deps: { db: Executor; now: () => Date; fixedAnswer?: string }): CaptchaProvider {
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

    async verify(captchaId, answer) {
      const now = deps.now();
      const [row] = await deps.db
        .update(captchas)
        .set({ usedAt: now })
        .where(and(eq(captchas.id, captchaId), isNull(captchas.usedAt), gt(captchas.expiresAt, now)))
        .returning({ answerHash: captchas.answerHash });
      if (!row) return false;
      if (deps.fixedAnswer !== undefined && answer.trim().toLowerCase() === deps.fixedAnswer.toLowerCase()) return true;
      return row.answerHash === hashAnswer(answer);
    },
  };
}
