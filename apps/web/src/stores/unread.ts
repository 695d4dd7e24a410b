import { request } from '../api/client';
import { createStore, useStore } from './create-store';

/** The unread-message count the header bell shows; the navigation guard refreshes it on each navigation. */
export const unreadStore = createStore(0);

export function useUnreadCount(): number {
  return useStore(unreadStore);
}

/**
 * GET /notice/unread_count (spec section 7), quiet: the bell must never interrupt the user. The route's table (and
 * zod with its schemas) is fetched at the first count, after sign-in, never on the login page.
 */
async function fetchUnreadCount(): Promise<number> {
  const { noticeRoutes } = await import('@edgeward/contract/routes/message');
  return request(noticeRoutes.unreadCount, undefined, { silent: true });
}

let inFlight: Promise<void> | undefined;

/** Refreshes the count, one request at a time; quietly, because a failed count must not interrupt the user. */
export function refreshUnreadCount(): Promise<void> {
  if (inFlight) return inFlight;
  inFlight = fetchUnreadCount()
    .then((count) => unreadStore.set(Math.max(0, Math.floor(count))))
    .catch(() => undefined)
    .finally(() => {
      inFlight = undefined;
    });
  return inFlight;
}
