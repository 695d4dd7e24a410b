import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/connect';
import { ensureDemoAccount, purgeExpiredSecrets } from './account.service';
import { createPasswordHasher } from './password-hasher';

const purgeEveryMs = 60 * 60_000;

/** The demo account (when config.demo) and an hourly purge of expired captchas, codes and tokens. */
export async function startAccountBackground(
  app: FastifyInstance,
  deps: { config: Config; database: Database },
): Promise<() => Promise<void>> {
  const { db } = deps.database;
  if (deps.config.demo) await ensureDemoAccount(db, createPasswordHasher(deps.config.passwordHashing), app.log);
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    running ??= purgeExpiredSecrets(db)
      .catch((error: unknown) => app.log.error({ err: error }, 'purging expired account secrets failed'))
      .finally(() => {
        running = undefined;
      });
  }, purgeEveryMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
