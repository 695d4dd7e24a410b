import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { notFound } from '../http/errors';
import type { AreaContext } from '../modules/area';
import { commands } from './command-list';
import { runOps } from './ops';

const sameKey = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * For automated tests only (TEST_OPS_KEY, refused in production): runs one operator command line inside the
 * server, on its database and providers, as `npm run ops -- ...` would, and answers its exit code and output.
 * Browser tests reach the operator's side (replying to a ticket...) through it.
 */
export function testOpsRoute(ctx: AreaContext, key: string): FastifyPluginAsync {
  return async (app: FastifyInstance) => {
    app.post(
      '/test/ops',
      { schema: { hide: true, body: z.object({ argv: z.array(z.string()).min(1) }) } },
      async (request) => {
        const given = request.headers['x-test-ops-key'];
        if (typeof given !== 'string' || !sameKey(given, key)) throw notFound();
        const out: string[] = [];
        const err: string[] = [];
        const { argv } = request.body as { argv: string[] };
        const code = await runOps(
          commands,
          argv,
          {
            database: ctx.database,
            config: ctx.config,
            providers: ctx.providers,
            now: ctx.now,
            out: (l) => out.push(l),
          },
          (l) => err.push(l),
        );
        return { code, out: out.join('\n'), err: err.join('\n') };
      },
    );
  };
}
