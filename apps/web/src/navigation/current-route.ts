import { useMatches } from 'react-router';
import type { AppRoute } from '../routes';

/** What the router keeps with each registered route (its `handle`). */
interface RouteHandle {
  route: AppRoute;
}

function handleOf(value: unknown): RouteHandle | undefined {
  return typeof value === 'object' && value !== null && 'route' in value ? (value as RouteHandle) : undefined;
}

/** The route table entry of the page on screen (the deepest match that carries one). */
export function useCurrentRoute(): { route: AppRoute | undefined; params: Record<string, string | undefined> } {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const match = matches[i]!;
    const handle = handleOf(match.handle);
    if (handle) return { route: handle.route, params: match.params };
  }
  return { route: undefined, params: {} };
}
