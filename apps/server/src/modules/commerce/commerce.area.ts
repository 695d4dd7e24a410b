import { handle } from '../../jobs/job';
import { type AreaContext, defineArea } from '../area';
import { commerceCommands } from './commerce.commands';
import { closeGatewayTradeJob, closeOverdueOrdersJob, closeOverdueOrdersSchedule } from './commerce.jobs';
import { createCommerceOperator } from './commerce.operator';
import { commerceModule } from './commerce.routes';
import { addSampleCommerce } from './commerce.sample-data';
import { createFinanceDesk } from './finance-desk.service';
import { createOrderService } from './order.service';
import { remindExpiringPackages, remindExpiringPackagesJob, remindExpiringPackagesSchedule } from './package-expiry';
import { createPaymentNotificationService } from './payment-notification.service';

const clock = (ctx: AreaContext) => ({ db: ctx.database.db, now: () => ctx.now() });

/**
 * Commerce: the package catalogue, orders, the balance and its ledger, payment by balance or by QR code through
 * the payment gateway, recharges (QR or bank transfer), and the schedule that closes unpaid orders.
 */
export const commerceArea = defineArea({
  name: 'commerce',
  routes: (ctx) =>
    commerceModule({
      orders: () =>
        createOrderService({
          ...clock(ctx),
          gateway: ctx.providers.payment,
          payment: ctx.config.payment,
          publicUrl: ctx.config.publicUrl,
        }),
      notifications: () => createPaymentNotificationService(clock(ctx)),
      financeDesk: (orders) => createFinanceDesk({ ...clock(ctx), payment: ctx.config.payment, orders }),
      gateway: ctx.providers.payment,
      metrics: ctx.metrics,
    }),
  jobs: (ctx) => [
    handle(closeOverdueOrdersJob, async () => {
      await createCommerceOperator(clock(ctx)).closeOverdue();
    }),
    handle(closeGatewayTradeJob, async ({ gateway, tradeNo }) => {
      const payment = ctx.providers.payment;
      if (gateway === payment.name) await payment.closePayment(tradeNo);
      // A trade of a gateway this server no longer uses cannot be reached; one paid anyway is still credited once.
      else ctx.log.warn({ gateway, tradeNo }, 'cannot close a trade of a gateway no longer configured');
    }),
    handle(remindExpiringPackagesJob, async () => {
      await remindExpiringPackages(ctx.database.db, ctx.now());
    }),
  ],
  schedules: [closeOverdueOrdersSchedule, remindExpiringPackagesSchedule],
  commands: commerceCommands,
  sampleData: addSampleCommerce,
});
