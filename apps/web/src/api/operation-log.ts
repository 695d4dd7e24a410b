import { operationLogRoutes, type RouteQuery } from '@edgeward/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { download, request } from './client';

export type OperationLogQueryInput = RouteQuery<typeof operationLogRoutes.operationLog>;
export type OperationLogExportQueryInput = RouteQuery<typeof operationLogRoutes.operationLogExport>;

const operationLogKeys = {
  page: (query: OperationLogQueryInput) => ['operation-log', query] as const,
};

/** Every screen records its changes here, so the log is read afresh whenever it is shown. */
export function useOperationLog(query: OperationLogQueryInput, enabled = true) {
  return useQuery({
    queryKey: operationLogKeys.page(query),
    queryFn: () => request(operationLogRoutes.operationLog, { query }, { silent: true }),
    enabled,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

export function downloadOperationLog(query: OperationLogExportQueryInput) {
  return download(operationLogRoutes.operationLogExport, { query });
}
