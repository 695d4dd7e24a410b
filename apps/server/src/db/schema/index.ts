/** The drizzle tables, one file per area; SQL migrations in ../migrations create them. */

export * from './account-auth';
export * from './accounts';
export * from './certificates';
export * from './commerce';
export * from './domains';
export * from './edge';
export * from './eo';
export * from './identity';
export * from './jobs';
export * from './operation-log';
export * from './preheat';
export * from './security';
export * from './staff';
export * from './stored-files';
export * from './support';
export * from './traffic';
