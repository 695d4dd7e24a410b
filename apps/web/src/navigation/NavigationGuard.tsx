import { Flex, Spin } from 'antd';
import { useEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { useI18n } from '../i18n';
import { loadProfile, logout, useSession } from '../stores/session';
import { refreshUnreadCount } from '../stores/unread';
import { useCurrentRoute } from './current-route';
import { decideGuard } from './guard';
import { bindNavigate, loginPath, navigateTo } from './navigate';

export function FullPageSpin() {
  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh' }}>
      <Spin size="large" />
    </Flex>
  );
}

let profileRequest: Promise<unknown> | undefined;

/** One fetch of the user info however many renders ask for it; a failure logs out and goes to login. */
function ensureProfile(wanted: string): void {
  if (profileRequest) return;
  profileRequest = loadProfile()
    .catch(async () => {
      await logout();
      navigateTo(loginPath(wanted), { replace: true });
    })
    .finally(() => {
      profileRequest = undefined;
    });
}

/**
 * The root of every page: applies the navigation guard (spec section 2), sets the page title on each navigation
 * and lends its navigate function to code outside components.
 */
export function NavigationGuard() {
  const location = useLocation();
  const navigate = useNavigate();
  const { token, user } = useSession();
  const { t } = useI18n();
  const { route } = useCurrentRoute();
  const decision = decideGuard({
    pathname: location.pathname,
    search: location.search,
    hasToken: Boolean(token),
    profileLoaded: Boolean(user),
  });
  const wanted = `${location.pathname}${location.search}`;
  const lastRefresh = useRef<string | null>(null);

  useEffect(() => {
    bindNavigate((to, options) => void navigate(to, options));
  }, [navigate]);

  useEffect(() => {
    const title = route ? t(route.title) : t('menu.notFound');
    document.title = `${title} - Edgeward`;
    // `t` changes with the language, so a switch retitles the page too.
  }, [route, t]);

  useEffect(() => {
    if (decision.type === 'loadProfile') ensureProfile(wanted);
  }, [decision.type, wanted]);

  const refresh = decision.type === 'render' && decision.refreshUnread;
  useEffect(() => {
    if (!refresh || lastRefresh.current === location.key) return;
    lastRefresh.current = location.key;
    void refreshUnreadCount();
  }, [refresh, location.key]);

  if (decision.type === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.type === 'loadProfile') return <FullPageSpin />;
  return <Outlet />;
}
