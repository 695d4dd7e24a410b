// The operation log's door: the one way other areas record a change, in the change's own transaction, and a
// customer's rows for the operator console's customer page (the account area's).
export { recordOperation } from './operation-log.recorder';
export { createOperationLogService } from './operation-log.service';
