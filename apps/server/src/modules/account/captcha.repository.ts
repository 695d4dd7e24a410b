import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connect';
import { captchas } from '../../db/schema';
import type { CaptchaStore } from '../../providers/captcha';

/** The account area's captchas table behind the captcha provider's store port. */
export function createCaptchaRepository(db: Executor): CaptchaStore {
  const open = (captchaId: string, now: Date) =>
    and(eq(captchas.id, captchaId), isNull(captchas.usedAt), gt(captchas.expiresAt, now));

  return {
    async insert(captcha) {
      await db.insert(captchas).values(captcha);
    },

    async use(captchaId, now, email) {
      const [row] = await db
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
      return row?.answerHash;
    },

    async bind(captchaId, now, email, keepUntil) {
      // One conditional update, so two requests racing with one captcha cannot both bind it.
      const [row] = await db
        .update(captchas)
        .set({ codeEmail: email, expiresAt: sql`greatest(${captchas.expiresAt}, ${keepUntil})` })
        .where(and(open(captchaId, now), isNull(captchas.codeEmail)))
        .returning({ answerHash: captchas.answerHash });
      return row?.answerHash;
    },

    async markUsed(captchaId, now) {
      await db.update(captchas).set({ usedAt: now }).where(eq(captchas.id, captchaId));
    },
  };
}
