/**
 * Navigation for code outside components (the request function, the session actions). The router registers its
 * navigate function at start; until then a full page load does the same job.
 */
type Navigate = (to: string, options?: { replace?: boolean }) => void;

let navigateImpl: Navigate | undefined;

export function bindNavigate(navigate: Navigate): void {
  navigateImpl = navigate;
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  if (navigateImpl) navigateImpl(to, options);
  else if (options?.replace) window.location.replace(to);
  else window.location.assign(to);
}

export function currentPath(): string {
  return `${window.location.pathname}${window.location.search}`;
}

/** Only same-site paths are followed after login: `//evil.example` or `https://...` would leave the console. */
export function safeRedirect(target: string | null | undefined, fallback = '/'): string {
  if (!target?.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return fallback;
  return target;
}

/** The login page's address that brings the user back to `path` afterwards. */
export function loginPath(path: string): string {
  return `/user/login?redirect=${encodeURIComponent(path)}`;
}
