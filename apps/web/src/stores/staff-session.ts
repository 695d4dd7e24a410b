import { staffRoutes } from '@edgeward/contract';
import { adminKeys } from '../api/admin';
import { connectSession, request } from '../api/client';
import { queryClient } from '../api/query';
import { currentPath, navigateTo } from '../navigation/navigate';
import { createStore, storageOf, useStore } from './create-store';

/**
 * The operator console's session (issue 28): a staff token, apart from the customer's. It lives in sessionStorage,
 * so it ends with the tab (staff sessions are short anyway: 30 idle minutes); a customer signed in in the same
 * browser keeps their own session, and neither token is ever sent for the other's calls.
 */
const TOKEN_KEY = 'edgeward.staffToken';
const storage = storageOf('session');

const store = createStore<string | null>(storage?.getItem(TOKEN_KEY) ?? null);

export const ADMIN_LOGIN_PATH = '/admin/login';

/** The staff sign-in page that brings the member back to `path` afterwards. */
export function staffLoginPath(path: string): string {
  return `${ADMIN_LOGIN_PATH}?redirect=${encodeURIComponent(path)}`;
}

/** Where a staff sign-in lands: the wanted page of the operator console, its dashboard for anything else. */
export function staffLanding(redirect: string | null): string {
  const ok = redirect !== null && /^\/admin(\/|$|\?)/.test(redirect) && !redirect.startsWith(ADMIN_LOGIN_PATH);
  return ok ? redirect : '/admin';
}

export const staffSession = {
  getToken: store.get,
  setToken(token: string): void {
    try {
      storage?.setItem(TOKEN_KEY, token);
    } catch {
      // Without storage the session lasts until the page is closed.
    }
    store.set(token);
  },
  /** Forgets the token and every answer read with it; the customer's session and cache stay as they are. */
  clear(): void {
    try {
      storage?.removeItem(TOKEN_KEY);
    } catch {
      // Nothing stored, nothing to remove.
    }
    store.set(null);
    queryClient.removeQueries({ queryKey: adminKeys.all });
  },
  signIn(): void {
    if (!window.location.pathname.startsWith(ADMIN_LOGIN_PATH)) {
      navigateTo(staffLoginPath(currentPath()), { replace: true });
    }
  },
};

// Every staff call carries this token (and only staff calls do): the client is handed the store.
connectSession(staffSession, 'staff');

export function useStaffToken(): string | null {
  return useStore(store);
}

/** Ends the staff session on the server (quietly: an expired one is just as ended) and forgets it here. */
export async function staffLogout(): Promise<void> {
  if (staffSession.getToken()) {
    await request(staffRoutes.logout, undefined, { silent: true }).catch(() => undefined);
  }
  staffSession.clear();
}
