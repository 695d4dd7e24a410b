import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app';
import { registerHealthRoutes } from './health/health.routes';

export type ModuleDeps = AppDeps & { now: () => Date };

/** Every area's routes, registered under /api. Each area adds one line. */
export async function registerModules(api: FastifyInstance, deps: ModuleDeps): Promise<void> {
  registerHealthRoutes(api, deps);
}
