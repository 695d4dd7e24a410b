import { accountArea } from './account/account.area';
import { apiKeyArea } from './apikey/api-key.area';
import type { Area } from './area';
import { certificateArea } from './certificate/certificate.area';
import { commerceArea } from './commerce/commerce.area';
import { domainArea } from './domain/domain.area';
import { edgeArea } from './edge/edge.area';
import { eoArea } from './eo/eo.area';
import { healthArea } from './health/health.area';
import { identityArea } from './identity/identity.area';
import { messageArea } from './message/message.area';
import { operationLogArea } from './operation-log/operation-log.area';
import { preheatArea } from './preheat/preheat.area';
import { supportArea } from './support/support.area';
import { trafficArea } from './traffic/traffic.area';

/** Every area of the product, one line each: app.ts, the job and schedule runners and the ops CLI read this list. */
export const areas: readonly Area[] = [
  healthArea,
  accountArea,
  identityArea,
  domainArea,
  eoArea,
  certificateArea,
  commerceArea,
  trafficArea,
  preheatArea,
  edgeArea,
  // Last: its sample rows name the other areas' sample objects.
  operationLogArea,
  apiKeyArea,
  messageArea,
  supportArea,
];
