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
};
