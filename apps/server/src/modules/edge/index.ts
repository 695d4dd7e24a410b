// The edge area's door: what other areas may use of it.
export type { EdgeNodeAuthenticator } from './edge-node-auth';
export { edgeNodeAuthOf } from './edge-node-auth';
export { edgeNodeStatuses } from './edge-node-status';
