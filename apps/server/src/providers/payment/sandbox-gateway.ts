import { randomBytes, randomUUID } from 'node:crypto';
import { formatFen, type Locale } from '@edgeward/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { sandboxPayments } from '../../db/schema';
import { localeOf, translate } from '../../http/i18n';
import { defineJob, handle } from '../../jobs/job';
import { enqueueJob } from '../../jobs/runner';
import {
  escapeHtml,
  fetchDelivery,
  readSignedBody,
  type SandboxServiceOptions,
  sandboxPage,
  signatureHeader,
  signBody,
} from '../sandbox-callback';
import type { PaymentGateway, PaymentNotification } from './payment-gateway';

export type SandboxGatewayOptions = SandboxServiceOptions;

const sandboxAck = 'success';

const notifyJob = defineJob({
  kind: 'payment.sandbox.notify',
  payload: z.object({ tradeNo: z.string(), notifyId: z.string(), status: z.enum(['paid', 'cancelled']) }),
  // Retried until the server acknowledges: the backoff reaches 10 minutes, so this is about a day.
  maxAttempts: 150,
});

const NotificationBodySchema = z.object({
  notifyId: z.string().min(1),
  tradeNo: z.string().min(1),
  outTradeNo: z.string().min(1),
  amountFen: z.string().regex(/^\d+$/),
  status: z.enum(['paid', 'cancelled']),
});

/** What the pay page says of a payment that no longer waits. */
const finishedKey = {
  paid: 'commerce.sandbox.paid',
  cancelled: 'commerce.sandbox.cancelled',
  closed: 'commerce.sandbox.closed',
} as const;

/**
 * A payment gateway that behaves like the mobile payment services from the outside, without moving money: a
 * payment gets a trade number and a pay page (the URL the QR code encodes); the payer confirms or cancels there;
 * the gateway then posts a notification signed with HMAC-SHA256 to the merchant's notify URL from a durable job,
 * retried until the server answers `success`. The merchant can close a waiting payment; its page then says so and
 * refuses to confirm it. Its book is the sandbox_payments table.
 */
export function createSandboxGateway(options: SandboxGatewayOptions): PaymentGateway {
  const { db, secret } = options;
  const deliver = options.deliver ?? fetchDelivery;
  const page = (locale: Locale, body: string): string => {
    const texts = {
      title: translate(locale, 'commerce.sandbox.title'),
      notice: translate(locale, 'commerce.sandbox.notice'),
      live: options.live,
    };
    return sandboxPage(locale, texts, body);
  };

  options.jobs.register(
    handle(notifyJob, async ({ tradeNo, notifyId, status }) => {
      const [payment] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.tradeNo, tradeNo));
      if (!payment) return;
      const body = JSON.stringify({
        notifyId,
        tradeNo,
        outTradeNo: payment.outTradeNo,
        amountFen: payment.amountFen.toString(),
        status,
      });
      const answer = await deliver(payment.notifyUrl, body, { [signatureHeader]: signBody(secret, body) });
      if (answer.status !== 200 || answer.body.trim() !== sandboxAck) {
        throw new Error(`notification not acknowledged: HTTP ${answer.status} ${answer.body.slice(0, 200)}`);
      }
    }),
  );

  /** Moves a waiting payment to paid or cancelled and queues its notification, in one transaction. */
  async function finish(tradeNo: string, status: 'paid' | 'cancelled'): Promise<boolean> {
    return db.transaction(async (tx) => {
      const done = await tx
        .update(sandboxPayments)
        .set({ status, finishedAt: options.now() })
        .where(and(eq(sandboxPayments.tradeNo, tradeNo), eq(sandboxPayments.status, 'waiting')))
        .returning({ tradeNo: sandboxPayments.tradeNo });
      if (done.length === 0) return false;
      await enqueueJob(tx, notifyJob, { tradeNo, notifyId: randomUUID(), status });
      return true;
    });
  }

  async function payPage(app: FastifyInstance) {
    // The page's buttons are plain HTML forms; they carry no fields.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_r, _b, done) =>
      done(null, {}),
    );
    const Params = z.object({ tradeNo: z.string().regex(/^SBX\w+$/) });
    const tradeNoOf = (params: unknown) => {
      const parsed = Params.safeParse(params);
      return parsed.success ? parsed.data.tradeNo : undefined;
    };
    /** The pay page: its buttons while the payment waits, else what became of it, with status `finishedCode`. */
    async function render(
      request: FastifyRequest,
      reply: FastifyReply,
      tradeNo: string | undefined,
      finishedCode: number,
    ) {
      const locale = localeOf(request);
      const [payment] = tradeNo
        ? await db.select().from(sandboxPayments).where(eq(sandboxPayments.tradeNo, tradeNo))
        : [];
      reply.type('text/html; charset=utf-8');
      if (!payment)
        return reply.code(404).send(page(locale, `<p>${translate(locale, 'commerce.sandbox.notFound')}</p>`));
      const info = `<p>${escapeHtml(payment.subject)}</p><p class="amount">¥ ${formatFen(payment.amountFen)}</p>`;
      if (payment.status !== 'waiting') {
        return reply
          .code(finishedCode)
          .send(page(locale, `${info}<p>${translate(locale, finishedKey[payment.status])}</p>`));
      }
      const action = (what: string) => `/api/payment/sandbox/${payment.tradeNo}/${what}`;
      return page(
        locale,
        `${info}<form method="post" action="${action('confirm')}" style="display:inline"><button type="submit" id="sandbox-pay">${escapeHtml(translate(locale, 'commerce.sandbox.pay'))}</button></form>` +
          `<form method="post" action="${action('cancel')}" style="display:inline"><button type="submit" id="sandbox-cancel">${escapeHtml(translate(locale, 'commerce.sandbox.cancel'))}</button></form>`,
      );
    }
    app.get('/payment/sandbox/:tradeNo', { schema: { hide: true } }, (request, reply) =>
      render(request, reply, tradeNoOf(request.params), 200),
    );
    for (const [what, status] of [
      ['confirm', 'paid'],
      ['cancel', 'cancelled'],
    ] as const) {
      app.post(`/payment/sandbox/:tradeNo/${what}`, { schema: { hide: true } }, async (request, reply) => {
        const tradeNo = tradeNoOf(request.params);
        if (tradeNo && (await finish(tradeNo, status))) return reply.redirect(`/api/payment/sandbox/${tradeNo}`, 303);
        // Paid, cancelled or closed already: refused, and the page says which.
        return render(request, reply, tradeNo, 409);
      });
    }
  }

  return {
    name: 'sandbox',
    sandbox: true,
    ackBody: sandboxAck,
    async createPayment(input) {
      const tradeNo = `SBX${randomBytes(12).toString('hex')}`;
      await db.insert(sandboxPayments).values({
        tradeNo,
        outTradeNo: input.outTradeNo,
        subject: input.subject,
        amountFen: input.amountFen,
        notifyUrl: input.notifyUrl,
        status: 'waiting',
        createdAt: options.now(),
      });
      return { tradeNo, payUrl: `${options.publicUrl}/api/payment/sandbox/${tradeNo}` };
    },
    async closePayment(tradeNo) {
      await db
        .update(sandboxPayments)
        .set({ status: 'closed', finishedAt: options.now() })
        .where(and(eq(sandboxPayments.tradeNo, tradeNo), eq(sandboxPayments.status, 'waiting')));
    },
    verifyNotification(rawBody, headers): PaymentNotification | null {
      const body = readSignedBody(secret, rawBody, headers, (json) => NotificationBodySchema.safeParse(json));
      return body ? { ...body, amountFen: BigInt(body.amountFen) } : null;
    },
    routes: payPage,
  };
}
