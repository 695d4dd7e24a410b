import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app';
import { accountModule } from './account/account.routes';
import { domainModule } from './domain/domain.routes';
import { registerHealthRoutes } from './health/health.routes';

export type ModuleDeps = AppDeps & { now: () => Date };

/** Every area's routes, registered under /api. Each area adds one line. */
export async function registerModules(api: FastifyInstance, deps: ModuleDeps): Promise<void> {
  registerHealthRoutes(api, deps);
  await api.register(accountModule(deps));
  await api.register(domainModule(deps));
}
