import { MenuFoldOutlined, MenuUnfoldOutlined, ReloadOutlined, SettingOutlined } from '@ant-design/icons';
import { hasPermission } from '@edgeward/contract';
import { Button, Drawer, Flex, Grid, Layout, Tooltip, Typography, theme } from 'antd';
import { Suspense, useCallback, useLayoutEffect, useMemo, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { queryClient } from '../api/query';
import { LanguageSwitcher } from '../components/LanguageSwitcher';
import { Logo } from '../components/Logo';
import { ErrorBoundary } from '../features/shell/ErrorPage';
import { ForbiddenPage } from '../features/shell/ForbiddenPage';
import { useI18n } from '../i18n';
import { installIcu } from '../i18n/i18n-store';
import { icu } from '../i18n/icu';
import { useCurrentRoute } from '../navigation/current-route';
import { lazyPage } from '../navigation/lazy-page';
import { buildMenu, menuSelection } from '../navigation/menu';
import { flattenRoutes, homePathOf, menuScopesOf, scopeOpen } from '../navigation/route-table';
import { mainRoutes } from '../routes';
import { useSession } from '../stores/session';
import { updateSettings, useSettings } from '../stores/settings';
import { openTab, type Tab } from '../stores/tab-list';
import { tabsStore } from '../stores/tabs';
import { AvatarMenu } from './main/AvatarMenu';
import { MultiTabBar } from './main/MultiTabBar';
import { NoticeBell } from './main/NoticeBell';
import { NavMenu } from './main/SideMenu';
import { useAutoHide } from './main/use-auto-hide';

// The console's texts include plurals: their formatter comes with this chunk, so they never render unformatted.
installIcu(icu);

// The drawer carries the colour picker; it is fetched the first time someone opens it.
const SettingsDrawer = lazyPage(() => import('./main/SettingsDrawer'));

const HEADER_HEIGHT = 56;
const SIDER_WIDTH = 232;
const SIDER_COLLAPSED_WIDTH = 64;
const flatRoutes = flattenRoutes(mainRoutes);
const flatByRoute = new Map(flatRoutes.map((flat) => [flat.route, flat]));

/** The signed-in frame: menu, header, multi-tab bar and the page, arranged by the page style settings. */
export default function MainLayout() {
  const { t } = useI18n();
  const { token } = theme.useToken();
  const settings = useSettings();
  const { user, roles } = useSession();
  const location = useLocation();
  const { route, params } = useCurrentRoute();
  const screens = Grid.useBreakpoint();
  const mobile = screens.md === false;
  const [mobileMenuOpen, setMobileMenuOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [settingsLoaded, setSettingsLoaded] = useState(false);
  const [refreshKey, setRefreshKey] = useState(0);

  const cdnType = user?.cdnType;
  const homePath = homePathOf(cdnType);
  const menu = useMemo(() => buildMenu(mainRoutes, menuScopesOf(cdnType), roles), [cdnType, roles]);
  const flat = route ? flatByRoute.get(route) : undefined;
  const selection = menuSelection(flat, menu);
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

  const refresh = useCallback(() => {
    setRefreshKey((key) => key + 1);
    void queryClient.invalidateQueries();
  }, []);
  const closeMobileMenu = useCallback(() => setMobileMenuOpen(false), []);

  const layout = mobile ? 'side' : settings.layout;
  const withSider = !mobile && layout !== 'top';
  const collapsed = settings.sidebarCollapsed;
  const headerHidden = useAutoHide(settings.fixedHeader && settings.autoHideHeader, HEADER_HEIGHT);
  const logoInHeader = mobile || layout !== 'side';

  const toggleMenu = () => {
    if (mobile) setMobileMenuOpen((open) => !open);
    else updateSettings({ sidebarCollapsed: !collapsed });
  };

  const header = (
    <Layout.Header
      style={{
        height: HEADER_HEIGHT,
        lineHeight: `${HEADER_HEIGHT}px`,
        paddingInline: 16,
        display: 'flex',
        alignItems: 'center',
        gap: 12,
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      {logoInHeader ? (
        <Link to={homePath} aria-label="Edgeward" style={{ display: 'inline-flex', marginInlineEnd: 12 }}>
          <Logo collapsed={mobile} />
        </Link>
      ) : null}
      {layout !== 'top' ? (
        <Tooltip title={collapsed || mobile ? t('layout.sider.expand') : t('layout.sider.collapse')}>
          <Button
            type="text"
            aria-label={collapsed || mobile ? t('layout.sider.expand') : t('layout.sider.collapse')}
            icon={collapsed || mobile ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            onClick={toggleMenu}
            data-testid="sider-toggle"
          />
        </Tooltip>
      ) : null}
      {layout === 'top' ? (
        <NavMenu nodes={menu} selected={selection.selected} open={selection.open} mode="horizontal" />
      ) : (
        <div style={{ flex: 1 }} />
      )}
      <Flex align="center" gap={4}>
        <Tooltip title={t('layout.header.refresh')}>
          <Button
            type="text"
            icon={<ReloadOutlined />}
            aria-label={t('layout.header.refresh')}
            onClick={refresh}
            data-testid="header-refresh"
          />
        </Tooltip>
        <NoticeBell />
        <LanguageSwitcher />
        <Tooltip title={t('layout.header.settings')}>
          <Button
            type="text"
            icon={<SettingOutlined />}
            aria-label={t('layout.header.settings')}
            onClick={() => {
              setSettingsLoaded(true);
              setSettingsOpen(true);
            }}
            data-testid="settings-button"
          />
        </Tooltip>
        <AvatarMenu compact={mobile} />
      </Flex>
    </Layout.Header>
  );

  const fixedTop = settings.fixedHeader;
  const hideStyle = { transform: headerHidden ? 'translateY(-100%)' : 'none', transition: 'transform 0.2s ease' };
  // In the mixed layout the header spans the page above the menu; the tab bar sticks below it (or to the top
  // while the header is hidden).
  const top = (
    <div
      style={{
        position: fixedTop ? 'sticky' : 'relative',
        zIndex: 100,
        ...(layout === 'mix'
          ? { top: headerHidden ? 0 : HEADER_HEIGHT, transition: 'top 0.2s ease' }
          : { top: 0, ...hideStyle }),
      }}
      data-testid={layout === 'mix' ? undefined : 'main-header'}
    >
      {layout === 'mix' ? null : header}
      {settings.multiTab ? <MultiTabBar activeKey={tabKey} home={home} /> : null}
    </div>
  );

  const siderTop = layout === 'mix' && fixedTop && !headerHidden ? HEADER_HEIGHT : 0;
  // The column behind the menu carries its background and border to the bottom of the page: the sticky menu itself
  // is one window high, and a page longer than the window would otherwise show the menu's colour stop under it.
  const sider = withSider ? (
    <div
      style={{
        flex: 'none',
        background: token.colorBgContainer,
        borderInlineEnd: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      <Layout.Sider
        width={SIDER_WIDTH}
        collapsedWidth={SIDER_COLLAPSED_WIDTH}
        collapsed={collapsed}
        trigger={null}
        collapsible
        theme="light"
        style={{
          background: 'transparent',
          ...(settings.fixedSidebar
            ? { position: 'sticky', top: siderTop, height: `calc(100vh - ${siderTop}px)`, overflow: 'auto' }
            : {}),
        }}
        data-testid="side-menu"
      >
        {layout === 'side' ? (
          <Link
            to={homePath}
            aria-label="Edgeward"
            style={{ display: 'flex', alignItems: 'center', height: HEADER_HEIGHT, paddingInline: collapsed ? 18 : 20 }}
          >
            <Logo collapsed={collapsed} />
          </Link>
        ) : null}
        <NavMenu nodes={menu} selected={selection.selected} open={selection.open} mode="inline" collapsed={collapsed} />
      </Layout.Sider>
    </div>
  ) : null;

  const content = (
    <Layout.Content style={{ padding: mobile ? 12 : 24 }}>
      <main
        id="main-content"
        tabIndex={-1}
        style={{
          outline: 'none',
          ...(settings.contentWidth === 'fixed' ? { maxWidth: 1200, marginInline: 'auto' } : {}),
        }}
      >
        <ErrorBoundary key={`${refreshKey}:${route?.path ?? ''}`}>
          <Suspense
            fallback={
              <Flex justify="center" style={{ padding: 64 }}>
                <Typography.Text type="secondary">{t('common.loading')}</Typography.Text>
              </Flex>
            }
          >
            {allowed ? <Outlet key={refreshKey} /> : <ForbiddenPage />}
          </Suspense>
        </ErrorBoundary>
      </main>
    </Layout.Content>
  );

  const footer = (
    <Layout.Footer style={{ textAlign: 'center', padding: '16px 24px', background: 'transparent' }}>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('layout.footer', { year: new Date().getFullYear() })}
      </Typography.Text>
    </Layout.Footer>
  );

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <a className="skip-link" href="#main-content">
        {t('layout.skipToContent')}
      </a>
      {layout === 'mix' ? (
        <div
          style={{ position: fixedTop ? 'sticky' : 'relative', top: 0, zIndex: 101, ...hideStyle }}
          data-testid="main-header"
        >
          {header}
        </div>
      ) : null}
      <Layout hasSider={withSider}>
        {sider}
        <Layout style={{ minWidth: 0 }}>
          {top}
          {content}
          {footer}
        </Layout>
      </Layout>
      {mobile ? (
        <Drawer
          placement="left"
          open={mobileMenuOpen}
          onClose={closeMobileMenu}
          size={SIDER_WIDTH + 40}
          styles={{ body: { padding: 0 } }}
          title={<Logo />}
        >
          <NavMenu
            nodes={menu}
            selected={selection.selected}
            open={selection.open}
            mode="inline"
            onNavigate={closeMobileMenu}
          />
        </Drawer>
      ) : null}
      {settingsLoaded ? (
        <Suspense fallback={null}>
          <SettingsDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} />
        </Suspense>
      ) : null}
    </Layout>
  );
}
