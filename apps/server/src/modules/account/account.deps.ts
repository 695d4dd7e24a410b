import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/connect';
import type { CaptchaProvider } from '../../providers/captcha';
import type { MailProvider } from '../../providers/mail';
import type { PasswordHasher } from '../../secrets/password-hasher';
import type { AreaMetrics } from '../area';
import type { SessionService } from '../session';
import type { AvatarStore } from './avatar.store';

/** What the account area's services are built from; each takes the part it uses. */
export interface AccountDeps {
  db: Db;
  config: Pick<Config, 'fixedCode' | 'publicUrl'>;
  now: () => Date;
  sessions: SessionService;
  mail: MailProvider;
  captcha: CaptchaProvider;
  passwords: PasswordHasher;
  avatars: AvatarStore;
  log: FastifyBaseLogger;
  metrics: Pick<AreaMetrics, 'loginFailed'>;
}
