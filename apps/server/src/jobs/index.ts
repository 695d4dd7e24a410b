import type { FastifyInstance } from 'fastify';
import { areas } from '../modules';

export interface Background {
  stop(): Promise<void>;
}

/**
 * Each area's start-up work (the demo account), then the job runner, which ticks the schedules before each poll.
 * stop() lets in-flight work finish before the database closes.
 */
export async function startBackground(app: FastifyInstance): Promise<Background> {
  for (const area of areas) await area.start?.(app.areaContext);
  app.jobs.start();
  return { stop: () => app.jobs.stop() };
}
