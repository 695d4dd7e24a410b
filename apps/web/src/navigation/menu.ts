import { hasPermission, type PermissionId, type Role } from '@edgeward/contract';
import type { MenuIcon } from '../layouts/main/menu-icons';
import type { AppRoute, MenuScope } from '../routes';
import type { FlatRoute } from './route-table';

// The console menu, kept apart from route-table.ts, which the first chunk carries: its permission check brings the
// contract's permission schemas, and with them zod, which the login page does without.

export interface MenuNode {
  key: string;
  title: AppRoute['title'];
  icon?: MenuIcon;
  children?: MenuNode[];
}

function allowed(roles: readonly Role[], permission: PermissionId | undefined): boolean {
  return permission === undefined || hasPermission(roles, { id: permission });
}

/** The group that holds the edge platform's entries for a user who has both menus. */
export const eoMenuGroupKey = '/eo-menu';

/**
 * The side menu of the user's variants: top-level entries of those scopes (or 'all'), visible children, each kept
 * only when the roles grant its permission (spec section 6). A group left without children disappears. With both
 * variants the CDN's entries stay at the top and the edge platform's (same titles) go into one group of their own.
 */
export function buildMenu(
  routes: readonly AppRoute[],
  scopes: Exclude<MenuScope, 'all'> | readonly Exclude<MenuScope, 'all'>[],
  roles: readonly Role[],
): MenuNode[] {
  const list = typeof scopes === 'string' ? [scopes] : scopes;
  if (list.length > 1) {
    const eo = variantMenu(routes, 'eo', roles, false);
    const cdn = variantMenu(routes, 'cdn', roles, true);
    if (eo.length === 0) return cdn;
    const group: MenuNode = { key: eoMenuGroupKey, title: 'menu.eo', icon: 'CloudServerOutlined', children: eo };
    const shared = cdn.findIndex((node) => routes.find((r) => r.path === node.key)?.menu === 'all');
    return shared < 0 ? [...cdn, group] : [...cdn.slice(0, shared), group, ...cdn.slice(shared)];
  }
  return variantMenu(routes, list[0] ?? 'cdn', roles, true);
}

function variantMenu(
  routes: readonly AppRoute[],
  scope: Exclude<MenuScope, 'all'>,
  roles: readonly Role[],
  withShared: boolean,
): MenuNode[] {
  const nodes: MenuNode[] = [];
  for (const route of routes) {
    if (route.menu !== scope && !(withShared && route.menu === 'all')) continue;
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

/** The menu item to select for a route and the groups to open (the edge platform's group too, in `menu`). */
export function menuSelection(
  flat: FlatRoute | undefined,
  menu: readonly MenuNode[] = [],
): { selected: string[]; open: string[] } {
  if (!flat) return { selected: [], open: [] };
  const selected = flat.route.activeMenu ?? flat.route.path;
  const groupHasItems = flat.group?.children?.some((child) => !child.hideInMenu);
  const open = groupHasItems && flat.group ? [flat.group.path] : [];
  const eoGroup = menu.find((node) => node.key === eoMenuGroupKey);
  if (eoGroup?.children?.some((child) => child.key === (flat.group ?? flat.route).path)) open.push(eoMenuGroupKey);
  return { selected: [selected], open };
}
