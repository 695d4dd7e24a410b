import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/connect';
import { startAccountBackground } from '../modules/account/account.jobs';

export interface Background {
  stop(): Promise<void>;
}

/**
 * Start-up work and durable background workers (demo account, job runners). Each area adds its starter here;
 * stop() lets in-flight work finish before the database closes.
 */
export async function startBackground(
  app: FastifyInstance,
  deps: { config: Config; database: Database },
): Promise<Background> {
  const stops: (() => Promise<void>)[] = [];
  stops.push(await startAccountBackground(app, deps));
  app.jobs.start();
  stops.push(() => app.jobs.stop());
  return {
    async stop() {
      await Promise.all(stops.map((s) => s()));
    },
  };
}
