import { commerceRoutes, formatFen, type LedgerEntry, type Locale } from '@edgeward/contract';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import QRCode from 'qrcode';
import { translate } from '../../http/i18n';
import { registerRoute } from '../../http/route';
import { csvCell } from '../../lib/csv';
import type { PaymentGateway } from '../../providers/payment';
import type { AreaMetrics } from '../area';
import { localizedEntry } from './commerce.presenter';
import { registerFinanceDesk } from './finance-desk.routes';
import type { FinanceDesk } from './finance-desk.service';
import type { OrderService } from './order.service';
import type { createPaymentNotificationService } from './payment-notification.service';

function statementCsv(entries: LedgerEntry[], locale: Locale): string {
  const header = ['time', 'kind', 'amount', 'balanceAfter', 'orderNo', 'note'].map((h) =>
    csvCell(translate(locale, `commerce.csv.${h}`)),
  );
  // Amounts are written by the server as plain numbers (a leading minus is a sign here, not a formula).
  const lines = entries.map((e) =>
    [
      csvCell(new Date(e.createdAt).toISOString()),
      csvCell(translate(locale, `commerce.ledger.${e.kind}`)),
      formatFen(e.amountFen),
      formatFen(e.balanceAfterFen),
      csvCell(e.orderNo),
      csvCell(e.note),
    ].join(','),
  );
  return `\uFEFF${[header.join(','), ...lines].join('\r\n')}\r\n`;
}

/**
 * Packages, orders, payment, balance and recharge; the gateway's notify route and its own pages; the operator
 * console's finance desk.
 */
export function commerceModule(deps: {
  orders: () => OrderService;
  notifications: () => ReturnType<typeof createPaymentNotificationService>;
  financeDesk: (orders: OrderService) => FinanceDesk;
  gateway: PaymentGateway;
  metrics: Pick<AreaMetrics, 'paymentNotification'>;
}): FastifyPluginAsync {
  return async (app: FastifyInstance) => {
    const service = deps.orders();
    const notifications = deps.notifications();
    const r = commerceRoutes;
    registerRoute(app, r.myPlan, ({ user, locale }) => service.myPackages(user, 'cdn', locale));
    registerRoute(app, r.myEoPlan, ({ user, locale }) => service.myPackages(user, 'eo', locale));
    registerRoute(app, r.packages, ({ query, locale }) => service.packages(query.type, locale));
    registerRoute(app, r.createOrder, ({ user, body, actor, locale }) =>
      service.createOrder(user, body, actor, locale),
    );
    registerRoute(app, r.orders, ({ user, query, locale }) => service.list(user, query, locale));
    registerRoute(app, r.order, ({ user, params, locale }) => service.detail(user, params.id, locale));
    registerRoute(app, r.cancelOrder, ({ user, params, actor, locale }) =>
      service.cancel(user, params.id, actor, locale),
    );
    registerRoute(app, r.payByBalance, ({ user, params, headers, actor, locale }) =>
      service.payByBalance(user, params.id, headers['idempotency-key'], actor, locale),
    );
    registerRoute(app, r.payByQr, async ({ user, params }) => {
      const payment = await service.payByQr(user, params.id);
      const svg = await QRCode.toString(payment.payUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
      return { ...payment, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
    });
    registerRoute(app, r.recharge, ({ user, body, locale, actor }) => service.recharge(user, body, actor, locale));
    registerRoute(app, r.balance, ({ user }) => service.balance(user));
    registerRoute(app, r.statement, async ({ user, query, locale }) => {
      const page = await service.statement(user, query);
      return { ...page, list: page.list.map((e) => localizedEntry(e, locale)) };
    });
    registerRoute(app, r.statementExport, async ({ user, query, locale, reply }) => {
      const entries = (await service.statementRows(user, query)).map((e) => localizedEntry(e, locale));
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="statement-${day}.csv"`)
        .send(statementCsv(entries, locale));
    });
    registerFinanceDesk(app, deps.financeDesk(service));

    // The gateway's asynchronous notification: signed, so it needs the exact body bytes.
    await app.register(async (notify) => {
      notify.addContentTypeParser('application/json', { parseAs: 'string' }, (_r, body, done) => done(null, body));
      notify.post('/payment/notify/:gateway', { schema: { hide: true } }, async (request, reply) => {
        const { gateway: name } = request.params as { gateway: string };
        const raw = typeof request.body === 'string' ? request.body : '';
        const notification = name === deps.gateway.name ? deps.gateway.verifyNotification(raw, request.headers) : null;
        if (!notification) {
          deps.metrics.paymentNotification('invalid');
          return reply.code(400).type('text/plain').send('invalid notification');
        }
        const outcome = await notifications.apply(name, notification);
        deps.metrics.paymentNotification(outcome);
        request.log.info({ gateway: name, order: notification.outTradeNo, outcome }, 'payment notification');
        if (outcome === 'unknown') return reply.code(404).type('text/plain').send('unknown payment');
        return reply.type('text/plain').send(deps.gateway.ackBody);
      });
    });
    if (deps.gateway.routes) await app.register(deps.gateway.routes);
  };
}
