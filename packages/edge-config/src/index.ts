export { AUTH_HEADERS, authPrefix } from './auth';
export { type CacheKeyOptions, cacheKey, cacheKeyMatcher } from './cache';
export { cappedFileName, domainPrefix } from './domain';
export { INTERNAL_HOST, PURGE_KEY_HEADER, PURGE_PATH, STATUS_PATH } from './main';
export * from './protocol';
export * from './render';
export * from './snapshot';
