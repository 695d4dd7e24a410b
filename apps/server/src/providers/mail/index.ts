import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/connect';
import { dataSubdir } from '../data-dir';
import type { MailProvider } from './mail';
import { createOutboxMail } from './outbox';
import { createSmtpMail } from './smtp';

export type { Mail, MailProvider } from './mail';

/** SMTP when SMTP_URL is set; otherwise the sandbox outbox (readable with `npm run ops -- mail last <email>`). */
export function createMailProvider(deps: {
  config: Config;
  db: Db;
  log: Pick<FastifyBaseLogger, 'info'>;
  now: () => Date;
}): MailProvider {
  if (deps.config.smtpUrl) return createSmtpMail({ url: deps.config.smtpUrl, from: deps.config.mailFrom });
  return createOutboxMail({ ...deps, dir: dataSubdir(deps.config.dataDir, 'outbox') });
}
