import { z } from 'zod';
import { defineRoute } from '../route';

export const systemRoutes = {
  health: defineRoute({
    method: 'GET',
    path: '/health',
    summary: 'Liveness and database check',
    tag: 'system',
    auth: 'none',
    data: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }),
  }),
  live: defineRoute({
    method: 'GET',
    path: '/health/live',
    summary: 'The process runs (for a balancer or a supervisor; asks nothing of the database)',
    tag: 'system',
    auth: 'none',
    data: z.object({ status: z.literal('ok') }),
  }),
  ready: defineRoute({
    method: 'GET',
    path: '/health/ready',
    summary:
      'The process can serve: database reachable, migrations at the latest, job runner alive; 503 SERVICE_UNAVAILABLE naming what is not',
    tag: 'system',
    auth: 'none',
    data: z.object({ status: z.literal('ready'), database: z.enum(['pglite', 'postgres']), migration: z.string() }),
  }),
};
