import { accountArea } from './account/account.area';
import type { Area } from './area';
import { certificateArea } from './certificate/certificate.area';
import { commerceArea } from './commerce/commerce.area';
import { domainArea } from './domain/domain.area';
import { eoArea } from './eo/eo.area';
import { healthArea } from './health/health.area';
import { preheatArea } from './preheat/preheat.area';
import { trafficArea } from './traffic/traffic.area';

/** Every area of the product, one line each: app.ts, the job and schedule runners and the ops CLI read this list. */
export const areas: readonly Area[] = [
  healthArea,
  accountArea,
  domainArea,
  eoArea,
  certificateArea,
  commerceArea,
  trafficArea,
  preheatArea,
];
