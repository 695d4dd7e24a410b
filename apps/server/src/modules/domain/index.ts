// The domain area's door: what other areas may use of it. The edge platform (eo) and the certificate area build
// the domain services of their own; preheat and the edge read domains; the ports are what it asks of others.
export { apexDomain } from './apex-domain';
export { publishJob } from './domain.jobs';
export type { DomainWithConfig } from './domain.repository';
export { findManyOfUserByName, findOfUser, insertDomain, lockUser } from './domain.repository';
export { domainExport } from './domain.routes';
export { sampleApex } from './domain.sample-data';
export { createDomainServices, type DomainPorts, type DomainServices } from './domain.services';
export type { PastedCertificate } from './domain-config.service';
export { cacheTaskReadiness } from './domain-state';
export type { Caller } from './domain-steps';
export { createOriginChecker } from './origin-check';
