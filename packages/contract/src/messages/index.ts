export * from './catalogue';
export { enUS, type MessageKey } from './en-US';
export { enUSCore } from './en-US/core';
export * from './issue-message';
export * from './locale';
export * from './translate';
