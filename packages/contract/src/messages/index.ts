export { enUS, type MessageKey } from './en-US';
export * from './translate';
