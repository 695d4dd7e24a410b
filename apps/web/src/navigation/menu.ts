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
