import { randomBytes, randomUUID } from 'node:crypto';
import { faceCheckTtlMs, maskIdentityText } from '@edgeward/contract';
import { and, eq, gte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { sandboxFaceChecks } from '../../db/schema';
import { localeOf } from '../../http/i18n';
import { defineJob, handle } from '../../jobs/job';
import { enqueueJob } from '../../jobs/runner';
import {
  fetchDelivery,
  readSignedBody,
  type SandboxServiceOptions,
  signatureHeader,
  signBody,
} from '../sandbox-callback';
import type { FaceCheckNotification, IdentityVerifier } from './identity-verifier';
import { checkPage, expiredPage, faceCheckScript, finishedPage, notFoundPage } from './sandbox-face-page';

export type SandboxVerifierOptions = SandboxServiceOptions;

const sandboxFaceAck = 'success';

const results = ['passed', 'failed'] as const;

const notifyJob = defineJob({
  kind: 'identity.sandbox.notify',
  payload: z.object({ checkId: z.string(), notifyId: z.string(), result: z.enum(results) }),
  // Retried until the server acknowledges: the backoff reaches 10 minutes, so this is about a day.
  maxAttempts: 150,
});

const NotificationBodySchema = z.object({
  notifyId: z.string().min(1),
  checkId: z.string().min(1),
  bizNo: z.string().min(1),
  result: z.enum(results),
});

const CheckParams = z.object({ checkId: z.string().regex(/^FCK[0-9a-f]{24}$/) });

/**
 * A face-check service that behaves like the real ones from the outside, without checking anyone: a check gets an
 * id and an H5 page (the URL the QR code encodes) that asks for the camera or a photo; the tester then passes or
 * fails it there, and the service posts the result signed with HMAC-SHA256 to the notify URL from a durable job,
 * retried until the server answers `success`. Its book is the sandbox_face_checks table, which holds the masked
 * identity only.
 */
export function createSandboxVerifier(options: SandboxVerifierOptions): IdentityVerifier {
  const { db, secret } = options;
  const deliver = options.deliver ?? fetchDelivery;

  options.jobs.register(
    handle(notifyJob, async ({ checkId, notifyId, result }) => {
      const [check] = await db.select().from(sandboxFaceChecks).where(eq(sandboxFaceChecks.checkId, checkId));
      if (!check) return;
      const body = JSON.stringify({ notifyId, checkId, bizNo: check.bizNo, result });
      const answer = await deliver(check.notifyUrl, body, { [signatureHeader]: signBody(secret, body) });
      if (answer.status !== 200 || answer.body.trim() !== sandboxFaceAck) {
        throw new Error(`face-check callback not acknowledged: HTTP ${answer.status} ${answer.body.slice(0, 200)}`);
      }
    }),
  );

  const expired = (check: { createdAt: Date }) => options.now().getTime() - check.createdAt.getTime() > faceCheckTtlMs;

  /** Moves a waiting check still in its time to its result and queues the callback, in one transaction. */
  async function finish(checkId: string, result: (typeof results)[number]): Promise<void> {
    await db.transaction(async (tx) => {
      const done = await tx
        .update(sandboxFaceChecks)
        .set({ status: result, finishedAt: options.now() })
        .where(
          and(
            eq(sandboxFaceChecks.checkId, checkId),
            eq(sandboxFaceChecks.status, 'waiting'),
            // The last millisecond the page still offers the check (expired above) takes its result too.
            gte(sandboxFaceChecks.createdAt, new Date(options.now().getTime() - faceCheckTtlMs)),
          ),
        )
        .returning({ checkId: sandboxFaceChecks.checkId });
      if (done.length > 0) await enqueueJob(tx, notifyJob, { checkId, notifyId: randomUUID(), result });
    });
  }

  async function checkPages(app: FastifyInstance) {
    // The page's buttons are plain HTML forms; they carry no fields.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_r, _b, done) =>
      done(null, {}),
    );
    app.get('/identity/sandbox/face-check.js', { schema: { hide: true } }, async (_request, reply) =>
      reply.type('text/javascript; charset=utf-8').send(faceCheckScript),
    );
    app.get('/identity/sandbox/:checkId', { schema: { hide: true } }, async (request, reply) => {
      const locale = localeOf(request);
      const parsed = CheckParams.safeParse(request.params);
      const [check] = parsed.success
        ? await db.select().from(sandboxFaceChecks).where(eq(sandboxFaceChecks.checkId, parsed.data.checkId))
        : [];
      reply.type('text/html; charset=utf-8');
      if (!check) return reply.code(404).send(notFoundPage(locale, options.live));
      if (check.status !== 'waiting') return finishedPage(locale, options.live, check.status);
      if (expired(check)) return expiredPage(locale, options.live);
      return checkPage(locale, options.live, check);
    });
    for (const [what, result] of [
      ['pass', 'passed'],
      ['fail', 'failed'],
    ] as const) {
      app.post(`/identity/sandbox/:checkId/${what}`, { schema: { hide: true } }, async (request, reply) => {
        const parsed = CheckParams.safeParse(request.params);
        if (!parsed.success)
          return reply
            .code(404)
            .type('text/html; charset=utf-8')
            .send(notFoundPage(localeOf(request), options.live));
        await finish(parsed.data.checkId, result);
        return reply.redirect(`/api/identity/sandbox/${parsed.data.checkId}`, 303);
      });
    }
  }

  return {
    name: 'sandbox',
    sandbox: true,
    ackBody: sandboxFaceAck,
    async startCheck(input) {
      const checkId = `FCK${randomBytes(12).toString('hex')}`;
      await db.insert(sandboxFaceChecks).values({
        checkId,
        bizNo: input.bizNo,
        realNameMasked: maskIdentityText(input.realName),
        idNumberMasked: maskIdentityText(input.idNumber),
        notifyUrl: input.notifyUrl,
        status: 'waiting',
        createdAt: options.now(),
      });
      return { checkId, checkUrl: `${options.publicUrl}/api/identity/sandbox/${checkId}` };
    },
    verifyNotification(rawBody, headers): FaceCheckNotification | null {
      return readSignedBody(secret, rawBody, headers, (json) => NotificationBodySchema.safeParse(json));
    },
    routes: checkPages,
  };
}
