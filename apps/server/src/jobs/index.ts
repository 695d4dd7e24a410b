import type { FastifyInstance } from 'fastify';
import { areas } from '../modules';
import { startDemoAccount } from '../modules/demo-account';

export interface Background {
  stop(): Promise<void>;
}

/**
 * The demo account with the areas' sample data, then the job runner, which ticks the schedules before each poll.
 * stop() lets in-flight work finish before the database closes.
 */
export async function startBackground(app: FastifyInstance): Promise<Background> {
  await startDemoAccount(app.areaContext, areas);
  app.jobs.start();
  return { stop: () => app.jobs.stop() };
}
