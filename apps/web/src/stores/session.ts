import type { Profile, Role } from '@edgeward/contract';
import { userRoutes } from '../api/auth';
import { connectSession, request } from '../api/client';
import { queryClient } from '../api/query';
import { currentPath, loginPath, navigateTo } from '../navigation/navigate';
import { createStore, storageOf, useStore } from './create-store';
import { tabsStore } from './tabs';

export interface SessionState {
  token: string | null;
  user: Profile | null;
  /** Starts empty (spec section 6) and is filled from the profile. */
  roles: Role[];
}

const TOKEN_KEY = 'edgeward.token';
const storage = storageOf('local');

const store = createStore<SessionState>({ token: storage?.getItem(TOKEN_KEY) ?? null, user: null, roles: [] });

/** The token persists in localStorage; user and roles live in memory and are fetched again after a reload. */
export const sessionStore = {
  get: store.get,
  subscribe: store.subscribe,
  getToken: (): string | null => store.get().token,
  setToken(token: string): void {
    try {
      storage?.setItem(TOKEN_KEY, token);
    } catch {
      // Without storage the session lasts until the page is closed.
    }
    store.set({ token, user: null, roles: [] });
  },
  setUser(user: Profile): void {
    store.set((current) => ({ ...current, user, roles: user.roles }));
  },
  /** Forgets token, user info and roles, and every cached answer that belonged to that user. */
  clear(): void {
    try {
      storage?.removeItem(TOKEN_KEY);
    } catch {
      // Nothing stored, nothing to remove.
    }
    store.set({ token: null, user: null, roles: [] });
    queryClient.clear();
  },
  signIn(): void {
    if (!window.location.pathname.startsWith('/user/')) navigateTo(loginPath(currentPath()), { replace: true });
  },
};

// Every request carries this session's token; the client is handed the store, since the store calls the client.
connectSession(sessionStore);

// Logging in or out in another tab of the same browser applies here too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== TOKEN_KEY || event.newValue === store.get().token) return;
    if (event.newValue) store.set({ token: event.newValue, user: null, roles: [] });
    else store.set({ token: null, user: null, roles: [] });
  });
}

export function useSession(): SessionState {
  return useStore(store);
}

/**
 * Fetches the signed-in user with roles into the session. A failure is shown like any other (the navigation guard
 * then logs out), so the user learns why they are back at the login page.
 */
export async function loadProfile(): Promise<Profile> {
  const user = await request((await userRoutes()).profile);
  sessionStore.setUser(user);
  return user;
}

/** Revokes the session on the server (quietly: a dead session is just as logged out) and forgets it here. */
export async function logout(): Promise<void> {
  if (sessionStore.getToken()) {
    await userRoutes({ silent: true })
      .then((routes) => request(routes.logout, undefined, { silent: true }))
      .catch(() => undefined);
  }
  sessionStore.clear();
  tabsStore.reset();
}
