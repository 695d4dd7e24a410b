import { createCaptchaRepository } from './modules/account';
import { createOriginChecker } from './modules/domain';
import type { ProviderDeps } from './providers';

/**
 * What the providers are built from, for the server (buildApp) and the operator command line alike. What a
 * provider keeps in or checks with an area is passed in here as a port, so the providers know no area: captchas are
 * kept in the account area's table, and customer-given origins are checked by the domain area's rules.
 */
export function providerDepsOf(deps: Omit<ProviderDeps, 'captchaStore' | 'originChecker'>): ProviderDeps {
  return { ...deps, captchaStore: createCaptchaRepository(deps.db), originChecker: createOriginChecker };
}
