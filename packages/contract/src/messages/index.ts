export { enUS, type MessageKey } from './en-US';
export * from './issue-message';
export * from './locale';
export * from './translate';
