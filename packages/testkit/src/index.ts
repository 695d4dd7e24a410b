export * from './certificates';
export * from './dns-control';
export * from './dns-server';
export * from './origin';
export * from './pebble';
