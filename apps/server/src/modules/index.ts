import { secretBoxOf } from '../secrets/secret-box';
import { accountArea } from './account/account.area';
import { apiKeyArea } from './apikey/api-key.area';
import type { Area } from './area';
import { adoptPastedCertificate } from './certificate';
import { certificateArea } from './certificate/certificate.area';
import { addonOwnership } from './commerce';
import { commerceArea } from './commerce/commerce.area';
import type { DomainPorts } from './domain';
import { domainArea } from './domain/domain.area';
import { edgeArea } from './edge/edge.area';
import { eoArea } from './eo/eo.area';
import { healthArea } from './health/health.area';
import { identityArea } from './identity/identity.area';
import { messageArea } from './message/message.area';
import { operationLogArea } from './operation-log/operation-log.area';
import { preheatArea } from './preheat/preheat.area';
import { staffArea } from './staff/staff.area';
import { supportArea } from './support/support.area';
import { trafficArea } from './traffic/traffic.area';

/**
 * The one place where an area is handed what it needs of areas that depend on it (they use its door, so it cannot
 * import theirs): each pair of areas then depends one way only. The domain settings ask the commerce area whether a
 * customer holds a paid add-on, and hand a certificate pasted on the HTTPS tab to the certificate area's record.
 * The edge platform and the certificate area build domain services too, so they are handed the same ports.
 */
export const domainPorts: DomainPorts = {
  hasAddon: (ctx) => addonOwnership({ db: ctx.database.db, now: () => ctx.now() }),
  certificatePasted: (ctx) => adoptPastedCertificate(secretBoxOf(ctx.config)),
};

/** Every area of the product, one line each: app.ts, the job and schedule runners and the ops CLI read this list. */
export const areas: readonly Area[] = [
  healthArea,
  accountArea,
  identityArea,
  domainArea(domainPorts),
  eoArea(domainPorts),
  certificateArea(domainPorts),
  commerceArea,
  trafficArea,
  preheatArea,
  edgeArea,
  // Last: its sample rows name the other areas' sample objects.
  operationLogArea,
  apiKeyArea,
  messageArea,
  supportArea,
  staffArea,
];
