import type { StaffMe } from '@edgeward/contract';
import { Alert, Button, Drawer, Grid, Layout, Result, theme } from 'antd';
import { useEffect, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useStaffMe } from '../../../api/admin';
import { FullPageSpin } from '../../../navigation/NavigationGuard';
import { staffLoginPath, useStaffToken } from '../../../stores/staff-session';
import { adminRoutes, menuKeyOf, routeOfPath, visibleRoutes } from '../admin-routes';
import { useAdminI18n } from '../admin-texts';
import { ADMIN_HEADER_HEIGHT, AdminHeader, StaffBadge } from './AdminHeader';
import { AdminMenu } from './AdminMenu';
import { AdminPage } from './AdminPage';
import { CurrentStaffContext } from './current-staff';

const SIDER_WIDTH = 216;

/**
 * The frame of /admin/*: without a staff token the sign-in page, then the member (role, capabilities), then the
 * header, the menu of what the role opens and the page. A 401 on any staff call ends the staff session and comes
 * back to the sign-in (api/client.ts); the customer's session is left alone.
 */
export function AdminLayout() {
  const { t } = useAdminI18n();
  const location = useLocation();
  const token = useStaffToken();
  const me = useStaffMe(Boolean(token));
  if (!token) return <Navigate to={staffLoginPath(`${location.pathname}${location.search}`)} replace />;
  if (me.data) return <AdminFrame me={me.data} />;
  // Why it failed is the request's message; a 401 has already ended the session and gone to the sign-in.
  if (me.error) {
    return (
      <Result
        status="error"
        title={t('admin.layout.meFailed')}
        extra={
          <Button type="primary" onClick={() => void me.refetch()}>
            {t('common.state.retry')}
          </Button>
        }
      />
    );
  }
  return <FullPageSpin />;
}

function AdminFrame({ me }: { me: StaffMe }) {
  const { t } = useAdminI18n();
  const { token } = theme.useToken();
  const { pathname } = useLocation();
  const mobile = Grid.useBreakpoint().md === false;
  const [menuOpen, setMenuOpen] = useState(false);
  const menu = visibleRoutes(adminRoutes, me.capabilities);
  const route = routeOfPath(adminRoutes, pathname);

  useEffect(() => {
    document.title = `${t(route?.title ?? 'admin.layout.notFound')} - ${t('admin.layout.console')} - Edgeward`;
  }, [route, t]);

  return (
    <CurrentStaffContext.Provider value={me}>
      <Layout style={{ minHeight: '100vh' }}>
        <a className="skip-link" href="#admin-content">
          {t('layout.skipToContent')}
        </a>
        <div style={{ position: 'sticky', top: 0, zIndex: 100 }}>
          <AdminHeader me={me} mobile={mobile} onOpenMenu={() => setMenuOpen(true)} />
        </div>
        <Layout hasSider={!mobile}>
          {mobile ? null : (
            <Layout.Sider
              width={SIDER_WIDTH}
              theme="light"
              style={{
                borderInlineEnd: `1px solid ${token.colorBorderSecondary}`,
                position: 'sticky',
                top: ADMIN_HEADER_HEIGHT,
                height: `calc(100vh - ${ADMIN_HEADER_HEIGHT}px)`,
                overflow: 'auto',
              }}
            >
              <nav aria-label={t('admin.layout.menu')}>
                <AdminMenu routes={menu} selected={menuKeyOf(route)} />
              </nav>
            </Layout.Sider>
          )}
          <Layout.Content style={{ padding: mobile ? 12 : 24, minWidth: 0 }}>
            {/* Layout.Content is the page's <main>; this is where the skip link lands. */}
            <div id="admin-content" tabIndex={-1} style={{ outline: 'none' }}>
              {me.twoFactorExempt ? (
                <Alert
                  type="warning"
                  showIcon
                  title={t('admin.banner.twoFactorExempt')}
                  style={{ marginBottom: 16 }}
                  data-testid="admin-two-factor-exempt"
                />
              ) : null}
              <AdminPage route={route} capabilities={me.capabilities} />
            </div>
          </Layout.Content>
        </Layout>
        {mobile ? (
          <Drawer
            placement="left"
            open={menuOpen}
            onClose={() => setMenuOpen(false)}
            size={SIDER_WIDTH + 40}
            title={<StaffBadge me={me} />}
            styles={{ body: { padding: 0 } }}
          >
            <nav aria-label={t('admin.layout.menu')}>
              <AdminMenu routes={menu} selected={menuKeyOf(route)} onNavigate={() => setMenuOpen(false)} />
            </nav>
          </Drawer>
        ) : null}
      </Layout>
    </CurrentStaffContext.Provider>
  );
}
