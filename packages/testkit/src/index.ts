export * from './certificates';
export * from './dns-control';
export * from './dns-server';
export * from './names';
export * from './origin';
export * from './pebble';
export * from './prometheus';
