import type { DomainVariant } from '@edgeward/contract';
import { mainRoutes } from '../routes';
import { useCurrentRoute } from './current-route';
import { flattenRoutes } from './route-table';

const scopeByRoute = new Map(flattenRoutes(mainRoutes).map((f) => [f.route, (f.group ?? f.route).menu]));

/**
 * The product variant of the page on screen: the edge platform's pages (menu 'eo') call the /eo calls, every other
 * page the CDN's. Screens shared by both menus (domains, statistics, overview, preheat) read it to choose their calls.
 */
export function useConsoleVariant(): DomainVariant {
  const { route } = useCurrentRoute();
  return route && scopeByRoute.get(route) === 'eo' ? 'eo' : 'cdn';
}
