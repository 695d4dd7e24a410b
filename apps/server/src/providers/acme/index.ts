export * from './acme.provider';
