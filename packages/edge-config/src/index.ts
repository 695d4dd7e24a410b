export * from './protocol';
export * from './render';
export * from './snapshot';
