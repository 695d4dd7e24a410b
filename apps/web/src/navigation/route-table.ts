import { hasPermission, type PermissionId, type Role } from '@edgeward/contract';
import type { MenuIcon } from '../layouts/main/menu-icons';
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

/** cdnType 'eo' is the edge platform; every other value is the CDN. */
export function menuScopeOf(cdnType: string | undefined): Exclude<MenuScope, 'all'> {
  return cdnType === 'eo' ? 'eo' : 'cdn';
}

/** The overview of the user's variant: where 'close all' and the 404 page's button lead. */
export function homePathOf(cdnType: string | undefined): string {
  return menuScopeOf(cdnType) === 'eo' ? '/eo' : '/';
}

export interface MenuNode {
  key: string;
  title: AppRoute['title'];
  icon?: MenuIcon;
  children?: MenuNode[];
}

function allowed(roles: readonly Role[], permission: PermissionId | undefined): boolean {
  return permission === undefined || hasPermission(roles, { id: permission });
}

/**
 * The side menu of a variant: top-level entries of that scope (or 'all'), visible children, each kept only when
 * the roles grant its permission (spec section 6). A group left without children disappears.
 */
export function buildMenu(
  routes: readonly AppRoute[],
  scope: Exclude<MenuScope, 'all'>,
  roles: readonly Role[],
): MenuNode[] {
  const nodes: MenuNode[] = [];
  for (const route of routes) {
    if (route.menu !== scope && route.menu !== 'all') continue;
    if (!allowed(roles, route.permission)) continue;
    const visible = (route.children ?? []).filter(
      (child) => !child.hideInMenu && allowed(roles, child.permission ?? route.permission),
    );
    const base = { key: route.path, title: route.title, ...(route.icon ? { icon: route.icon } : {}) };
    if (visible.length > 0) {
      nodes.push({ ...base, children: visible.map((child) => ({ key: child.path, title: child.title })) });
    } else if (route.page) {
      nodes.push(base);
    }
  }
  return nodes;
}

/** The menu item to select for a route and the group to open. */
export function menuSelection(flat: FlatRoute | undefined): { selected: string[]; open: string[] } {
  if (!flat) return { selected: [], open: [] };
  const selected = flat.route.activeMenu ?? flat.route.path;
  const groupHasItems = flat.group?.children?.some((child) => !child.hideInMenu);
  return { selected: [selected], open: groupHasItems && flat.group ? [flat.group.path] : [] };
}
