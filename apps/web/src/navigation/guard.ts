import { loginPath, safeRedirect } from './navigate';

/** Pages reachable without a token (spec section 2's guard; the auth layout's routes). */
const publicPaths = [
  '/user/login',
  '/user/register',
  '/user/register-result',
  '/user/forgot-password',
  '/user/reset-password',
];

export type GuardDecision =
  /** Show the page. */
  | { type: 'render'; refreshUnread: boolean }
  | { type: 'redirect'; to: string }
  /** Show a loading state, fetch the user info, then decide again (or log out and go to login if it fails). */
  | { type: 'loadProfile' };

export interface GuardInput {
  pathname: string;
  search: string;
  hasToken: boolean;
  profileLoaded: boolean;
}

function normalize(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/** Login (with or without a simulation token), register, its result, forgot and reset password. */
export function isPublicPath(pathname: string): boolean {
  const path = normalize(pathname);
  return publicPaths.includes(path) || path.startsWith('/user/login/');
}

/**
 * The navigation guard of spec section 2. Without a token only the public pages open; anything else goes to login
 * with the wanted path in `redirect`. With a token, /user/login goes to its redirect target (/ by default); pages of the console need the user info
 * first; once it is loaded each navigation refreshes the unread-message count.
 */
export function decideGuard({ pathname, search, hasToken, profileLoaded }: GuardInput): GuardDecision {
  const path = normalize(pathname);
  if (!hasToken) {
    return isPublicPath(path)
      ? { type: 'render', refreshUnread: false }
      : { type: 'redirect', to: loginPath(`${pathname}${search}`) };
  }
  if (path === '/user/login')
    return { type: 'redirect', to: safeRedirect(new URLSearchParams(search).get('redirect')) };
  // Auth pages work without user info: a simulation link must be able to replace a stale token.
  if (isPublicPath(path)) return { type: 'render', refreshUnread: false };
  if (!profileLoaded) return { type: 'loadProfile' };
  return { type: 'render', refreshUnread: true };
}
