import { z } from 'zod';
import { defineRoute } from '../route';
import { pageOf } from '../schemas/common';
import {
  OperationLogExportQuerySchema,
  OperationLogItemSchema,
  OperationLogQuerySchema,
} from '../schemas/operation-log';

const tag = 'log';

/** The operation log: every change made to the caller's account and objects, newest first. */
export const operationLogRoutes = {
  operationLog: defineRoute({
    method: 'GET',
    path: '/log/operation',
    summary: 'Operation log, newest first, with filters',
    tag,
    permission: { id: 'log', action: 'query' },
    query: OperationLogQuerySchema,
    data: pageOf(OperationLogItemSchema),
  }),
  operationLogExport: defineRoute({
    method: 'GET',
    path: '/log/operation/export',
    summary: 'The operation log as CSV, with the same filters',
    tag,
    permission: { id: 'log', action: 'export' },
    query: OperationLogExportQuerySchema,
    data: z.null(),
    response: 'file',
  }),
};
