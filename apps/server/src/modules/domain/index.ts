// The domain area's door: what other areas may use of it.
export type { DomainWithConfig } from './domain.repository';
export { findManyOfUserByName, lockUser } from './domain.repository';
export { cacheTaskReadiness } from './domain-state';
export type { OriginChecker } from './origin-check';
