import type { PermissionId } from '@edgeward/contract';
import type { AppRoute, MenuScope } from '../routes';

/** A route of the table as the router registers it, with what it inherits from its menu group. */
export interface FlatRoute {
  route: AppRoute;
  permission?: PermissionId;
  /** The menu group it belongs to (the top-level entry), for the open submenu. */
  group?: AppRoute;
}

/** Every entry that is a page or a redirect, depth first; pure menu groups are not routes. */
export function flattenRoutes(routes: readonly AppRoute[]): FlatRoute[] {
  const out: FlatRoute[] = [];
  const walk = (route: AppRoute, permission: PermissionId | undefined, group: AppRoute | undefined) => {
    const own = route.permission ?? permission;
    if (route.page || route.redirect)
      out.push({ route, ...(own ? { permission: own } : {}), ...(group ? { group } : {}) });
    for (const child of route.children ?? []) walk(child, own, group ?? route);
  };
  for (const route of routes) walk(route, undefined, undefined);
  return out;
}

/** The menus a cdnType opens ('all' opens both, the CDN's first); an unknown value is the CDN. */
export function menuScopesOf(cdnType: string | undefined): Exclude<MenuScope, 'all'>[] {
  if (cdnType === 'all') return ['cdn', 'eo'];
  return [menuScopeOf(cdnType)];
}

/** Whether the user's cdnType opens a route of this menu scope (entries of both menus always open). */
export function scopeOpen(cdnType: string | undefined, scope: MenuScope | undefined): boolean {
  return scope === undefined || scope === 'all' || menuScopesOf(cdnType).includes(scope);
}

/** The user's main variant: cdnType 'eo' is the edge platform; every other value (also 'all') is the CDN. */
export function menuScopeOf(cdnType: string | undefined): Exclude<MenuScope, 'all'> {
  return cdnType === 'eo' ? 'eo' : 'cdn';
}

/** The overview of the user's variant: where 'close all' and the 404 page's button lead. */
export function homePathOf(cdnType: string | undefined): string {
  return menuScopeOf(cdnType) === 'eo' ? '/eo' : '/';
}
