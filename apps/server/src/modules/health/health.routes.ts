import { systemRoutes } from '@edgeward/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { migrationFiles, rowsOf } from '../../db/migrate';
import { AppError } from '../../http/errors';
import { registerRoute } from '../../http/route';
import type { AreaContext } from '../area';

/** The last migration this build carries: a process on a database behind it is not ready (an upgrade under way). */
const headMigration = migrationFiles().at(-1) ?? '';

/** A database that hangs is as unready as one that refuses: a balancer's check must get its answer in time. */
const readinessQueryMs = 2000;

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

export function registerHealthRoutes(app: FastifyInstance, deps: AreaContext): void {
  registerRoute(app, systemRoutes.health, async () => {
    await deps.database.db.execute(sql`SELECT 1`);
    return { status: 'ok' as const, database: deps.database.kind };
  });

  registerRoute(app, systemRoutes.live, async () => ({ status: 'ok' as const }));

  registerRoute(app, systemRoutes.ready, async ({ request }) => {
    const notReady: string[] = [];
    const migration = await within(
      deps.database.db.execute(sql`SELECT max(name) AS name FROM schema_migrations`),
      readinessQueryMs,
    )
      .then((result) => rowsOf<{ name: string | null }>(result)[0]?.name ?? '')
      .catch((error) => {
        request.log.warn({ err: error }, 'readiness: database unreachable');
        notReady.push('database unreachable');
        return undefined;
      });
    if (migration !== undefined && migration < headMigration) notReady.push(`migrations behind (${migration})`);
    if (!deps.jobs.alive()) notReady.push('job runner not running');
    if (notReady.length > 0) {
      throw new AppError('SERVICE_UNAVAILABLE', {
        messageKey: 'system.notReady',
        params: { reasons: notReady.join(', ') },
      });
    }
    return { status: 'ready' as const, database: deps.database.kind, migration: migration ?? '' };
  });
}
