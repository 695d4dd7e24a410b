/** The API table: every call, grouped by area. Each area adds its file here. */

export * from './admin';
export * from './admin-customer';
export * from './admin-edge';
export * from './admin-finance';
export * from './admin-notice';
export * from './admin-review';
export * from './admin-support';
export * from './certificate';
export * from './commerce';
export * from './domain';
export * from './eo';
export * from './identity';
export * from './message';
export * from './operation-log';
export * from './preheat';
export * from './security';
export * from './support';
export * from './system';
export * from './traffic';
export * from './user';
