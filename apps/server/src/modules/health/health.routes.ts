import { systemRoutes } from '@edgeward/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../http/route';
import type { AreaContext } from '../area';

export function registerHealthRoutes(app: FastifyInstance, deps: AreaContext): void {
  registerRoute(app, systemRoutes.health, async () => {
    await deps.database.db.execute(sql`SELECT 1`);
    return { status: 'ok' as const, database: deps.database.kind };
  });
}
