// The operation log's door: the one way other areas record a change, in the change's own transaction.
export { recordOperation } from './operation-log.recorder';
