import type { OperationLogExportQuery, OperationLogQuery } from '@edgeward/contract';
import type { Db } from '../../db/connect';
import { pageWithTotal } from '../../lib/page';
import { toOperationLogItem } from './operation-log.presenter';
import * as repo from './operation-log.repository';

/** Reading the operation log: always the caller's own rows (writes go through recordOperation). */
export function createOperationLogService(deps: { db: Db }) {
  const { db } = deps;
  return {
    async page(user: { id: number }, query: OperationLogQuery) {
      const { rows, total } = await repo.list(db, user.id, query, {
        limit: query.size,
        offset: (query.page - 1) * query.size,
      });
      return pageWithTotal(query, rows.map(toOperationLogItem), total);
    },

    async exportRows(user: { id: number }, query: OperationLogExportQuery) {
      return (await repo.list(db, user.id, query)).rows.map(toOperationLogItem);
    },
  };
}

export type OperationLogService = ReturnType<typeof createOperationLogService>;
