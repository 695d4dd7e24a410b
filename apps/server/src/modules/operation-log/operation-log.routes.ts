import { formatUtc8, operationLogRoutes } from '@edgeward/contract';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { registerRoute } from '../../http/route';
import { operationLogCsv } from './operation-log.presenter';
import type { OperationLogService } from './operation-log.service';

/** The operation-log tab of /log: the page and its CSV export. */
export function operationLogModule(service: OperationLogService, now: () => Date): FastifyPluginAsync {
  return async (app: FastifyInstance) => {
    const r = operationLogRoutes;
    registerRoute(app, r.operationLog, ({ user, query }) => service.page(user, query));
    registerRoute(app, r.operationLogExport, async ({ user, query, locale, reply }) => {
      const items = await service.exportRows(user, query);
      const day = formatUtc8(now().getTime()).slice(0, 10).replaceAll('-', '');
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="operation-log-${day}.csv"`)
        .send(operationLogCsv(items, locale));
    });
  };
}
