import { hasPermission } from '@edgeward/contract';
import { useLayoutEffect, useMemo } from 'react';
import { useLocation } from 'react-router';
import { useCurrentRoute } from '../../navigation/current-route';
import { buildMenu, menuSelection } from '../../navigation/menu';
import { flattenRoutes, homePathOf, menuScopesOf, scopeOpen } from '../../navigation/route-table';
import { mainRoutes } from '../../routes';
import { useSession } from '../../stores/session';
import { openTab, type Tab } from '../../stores/tab-list';
import { tabsStore } from '../../stores/tabs';
import type { NavMenuProps } from './SideMenu';

const flatRoutes = flattenRoutes(mainRoutes);
const flatByRoute = new Map(flatRoutes.map((flat) => [flat.route, flat]));

/** The menu as every place that draws it takes it: its nodes and what is selected and open in it. */
export type MainMenu = Pick<NavMenuProps, 'nodes' | 'selected' | 'open'>;

/**
 * Where the signed-in user is: the menu their cdnType and roles open, its selection, whether the current page is
 * theirs to see, and the page's tab, which opening the route adds to the tab bar.
 */
export function useMainNavigation() {
  const { user, roles } = useSession();
  const location = useLocation();
  const { route, params } = useCurrentRoute();

  const cdnType = user?.cdnType;
  const homePath = homePathOf(cdnType);
  const nodes = useMemo(() => buildMenu(mainRoutes, menuScopesOf(cdnType), roles), [cdnType, roles]);
  const flat = route ? flatByRoute.get(route) : undefined;
  const menu: MainMenu = { nodes, ...menuSelection(flat, nodes) };
  const menuScope = (flat?.group ?? route)?.menu;
  // The web's half of the variant guard: a page of a variant the user's cdnType does not open is forbidden here,
  // and the server answers its calls 403.
  const allowed = (!flat?.permission || hasPermission(roles, { id: flat.permission })) && scopeOpen(cdnType, menuScope);

  const tabKey = route && !route.redirect ? (route.tabKey?.(params) ?? location.pathname) : undefined;
  const home: Tab = { key: homePath, path: homePath, title: 'menu.overview' };
  const tabScope = menuScope === 'cdn' || menuScope === 'eo' ? menuScope : undefined;

  // Opening a route adds its tab (or points the existing tab of the same page at the new address). A layout effect,
  // so the tab exists before the page's own effects name it (useTabSubject).
  useLayoutEffect(() => {
    if (!route || !tabKey) return;
    const path = `${location.pathname}${location.search}`;
    tabsStore.set((tabs) =>
      openTab(tabs, { key: tabKey, path, title: route.title, ...(tabScope ? { scope: tabScope } : {}) }),
    );
  }, [route, tabKey, tabScope, location.pathname, location.search]);

  return { homePath, menu, allowed, tabKey, home, pagePath: route?.path ?? '' };
}
