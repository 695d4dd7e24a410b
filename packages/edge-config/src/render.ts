import { renderAuthConfig as renderAuth } from './auth';
import { renderDomainFiles } from './domain';
import { renderMain } from './main';
import type { EdgeFile, EdgeRenderOptions } from './options';
import type { EdgeSnapshot } from './snapshot';

export type { EdgeFile, EdgeRenderOptions } from './options';

/** The main nginx.conf: events, http, shared settings, the default and internal servers, the domains' include. */
export function renderMainConfig(options: EdgeRenderOptions): string {
  return renderMain(options);
}

/** The URL authentication sidecar's nginx.conf (written to <prefix>/auth/nginx.conf; the same for every domain). */
export function renderAuthConfig(options: EdgeRenderOptions): string {
  return renderAuth(options);
}

/** The files of one enabled domain: its .conf (http-level maps, upstreams, zones and its server blocks) and TLS. */
export function renderDomain(snapshot: EdgeSnapshot, options: EdgeRenderOptions): EdgeFile[] {
  return renderDomainFiles(snapshot, options);
}
