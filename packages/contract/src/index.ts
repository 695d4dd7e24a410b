export * from './errors';
export * from './limits';
export * from './messages';
export * from './permissions';
export * from './route';
export * from './routes/index';
export * from './schemas/auth';
export * from './schemas/common';
