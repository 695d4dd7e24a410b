import type { Config } from '../../config';
import type { Db } from '../../db/connect';
import type { JobRunner } from '../../jobs/runner';
import type { NotificationDelivery } from '../sandbox-callback';
import type { PaymentGateway } from './payment-gateway';
import { createSandboxGateway } from './sandbox-gateway';

export type { PaymentGateway, PaymentNotification } from './payment-gateway';

/** The QR payment gateway; only the sandbox exists so far (see docs/architecture.md, "Payments", to add a real one). */
export function createPaymentGateway(deps: {
  config: Config;
  db: Db;
  jobs: JobRunner;
  now: () => Date;
  deliver?: NotificationDelivery;
}): PaymentGateway {
  return createSandboxGateway({
    db: deps.db,
    jobs: deps.jobs,
    secret: deps.config.payment.sandboxSecret,
    publicUrl: deps.config.publicUrl,
    live: deps.config.payment.sandboxLive,
    now: deps.now,
    deliver: deps.deliver,
  });
}
