import { z } from 'zod';
import { EpochMsSchema, epochMsQuery, PageQuerySchema, text } from './common';

/** What an operation acts on; the log's target-type filter. */
export const operationTargetTypes = [
  'domain',
  'certificate',
  'certificateApplication',
  'order',
  'cacheTask',
  'account',
  'apiKey',
] as const;
export type OperationTargetType = (typeof operationTargetTypes)[number];

/**
 * Every change the operation log records, named `<target type>.<verb>`. The API-key and real-name actions are
 * declared here so those areas record with one call each.
 */
export const operationActions = [
  'domain.create',
  'domain.delete',
  'domain.enable',
  'domain.disable',
  'domain.configure',
  'domain.verifyOwnership',
  'domain.review',
  'certificate.upload',
  'certificate.replace',
  'certificate.delete',
  'certificate.deploy',
  'certificateApplication.create',
  'certificateApplication.verify',
  'certificateApplication.retry',
  'order.create',
  'order.pay',
  'order.cancel',
  'order.refund',
  'order.recharge',
  'order.confirmTransfer',
  'order.rejectTransfer',
  'cacheTask.create',
  'cacheTask.resubmit',
  'account.password',
  'account.email',
  'account.profile',
  'account.permissions',
  'account.realName',
  'apiKey.create',
  'apiKey.edit',
  'apiKey.enable',
  'apiKey.disable',
  'apiKey.delete',
] as const;
export type OperationAction = (typeof operationActions)[number];

/** One changed field of an operation: before and after as short text (null: not there). */
export const OperationChangeSchema = z.object({
  field: z.string(),
  before: z.string().nullable(),
  after: z.string().nullable(),
});
export type OperationChange = z.infer<typeof OperationChangeSchema>;

/**
 * Who made a change: a session of the customer, one of their API keys, or the operator. A customer's change made
 * outside any session (a reset link, a payment on the gateway's page, the deployment an application asked for) has
 * `sessionId: null`.
 */
export const OperationActorSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('session'), sessionId: z.number().int().nullable() }),
  z.object({ kind: z.literal('apiKey'), apiKeyId: z.number().int() }),
  z.object({ kind: z.literal('operator') }),
]);
export type OperationActor = z.infer<typeof OperationActorSchema>;

export const OperationLogItemSchema = z.object({
  id: z.number().int(),
  createdAt: EpochMsSchema,
  userName: z.string(),
  action: z.enum(operationActions),
  targetType: z.enum(operationTargetTypes),
  targetId: z.string().nullable(),
  targetName: z.string().nullable(),
  changes: z.array(OperationChangeSchema),
  address: z.string().nullable(),
  actor: OperationActorSchema,
  sample: z.boolean(),
});
export type OperationLogItem = z.infer<typeof OperationLogItemSchema>;

export const OperationLogExportQuerySchema = z.object({
  targetType: z.enum(operationTargetTypes).optional(),
  action: z.enum(operationActions).optional(),
  from: epochMsQuery().optional(),
  to: epochMsQuery().optional(),
  /** Part of the target's name or id. */
  search: text().trim().max(255).optional(),
});
export type OperationLogExportQuery = z.infer<typeof OperationLogExportQuerySchema>;

export const OperationLogQuerySchema = PageQuerySchema.extend(OperationLogExportQuerySchema.shape);
export type OperationLogQuery = z.infer<typeof OperationLogQuerySchema>;
