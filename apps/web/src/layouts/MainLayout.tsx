import { Grid, Layout } from 'antd';
import { Suspense, useCallback, useState } from 'react';
import { queryClient } from '../api/query';
import { useI18n } from '../i18n';
import { installIcu } from '../i18n/i18n-store';
import { icu } from '../i18n/icu';
import { lazyPage } from '../navigation/lazy-page';
import { updateSettings, useSettings } from '../stores/settings';
import { HEADER_HEIGHT, MainHeader } from './main/MainHeader';
import { MobileMenu } from './main/MobileMenu';
import { MultiTabBar } from './main/MultiTabBar';
import { MainFooter, PageArea } from './main/PageArea';
import { SiderColumn } from './main/SiderColumn';
import { useAutoHide } from './main/use-auto-hide';
import { useMainNavigation } from './main/use-main-navigation';

// The console's texts include plurals: their formatter comes with this chunk, so they never render unformatted.
installIcu(icu);

// The drawer carries the colour picker; it is fetched the first time someone opens it.
const SettingsDrawer = lazyPage(() => import('./main/settings/SettingsDrawer'));

/** The signed-in frame: menu, header, multi-tab bar and the page, arranged by the page style settings. */
export default function MainLayout() {
  const { t } = useI18n();
  const settings = useSettings();
  const { homePath, menu, allowed, tabKey, home, pagePath } = useMainNavigation();
  const mobile = Grid.useBreakpoint().md === false;
  const [mobileMenuOpen, setMobileMenuOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [settingsLoaded, setSettingsLoaded] = useState(false);
  const [refreshKey, setRefreshKey] = useState(0);

  const refresh = useCallback(() => {
    setRefreshKey((key) => key + 1);
    void queryClient.invalidateQueries();
  }, []);
  const closeMobileMenu = useCallback(() => setMobileMenuOpen(false), []);

  const layout = mobile ? 'side' : settings.layout;
  const collapsed = settings.sidebarCollapsed;
  const fixedTop = settings.fixedHeader;
  const headerHidden = useAutoHide(fixedTop && settings.autoHideHeader, HEADER_HEIGHT);

  const header = (
    <MainHeader
      layout={layout}
      mobile={mobile}
      collapsed={collapsed}
      homePath={homePath}
      menu={menu}
      onToggleMenu={() => {
        if (mobile) setMobileMenuOpen((open) => !open);
        else updateSettings({ sidebarCollapsed: !collapsed });
      }}
      onRefresh={refresh}
      onOpenSettings={() => {
        setSettingsLoaded(true);
        setSettingsOpen(true);
      }}
    />
  );

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

  const withSider = !mobile && layout !== 'top';
  const siderTop = layout === 'mix' && fixedTop && !headerHidden ? HEADER_HEIGHT : 0;

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
        {withSider ? (
          <SiderColumn
            menu={menu}
            collapsed={collapsed}
            withLogo={layout === 'side'}
            homePath={homePath}
            stickyTop={settings.fixedSidebar ? siderTop : undefined}
          />
        ) : null}
        <Layout style={{ minWidth: 0 }}>
          {top}
          <PageArea mobile={mobile} allowed={allowed} pagePath={pagePath} refreshKey={refreshKey} />
          <MainFooter />
        </Layout>
      </Layout>
      {mobile ? <MobileMenu menu={menu} open={mobileMenuOpen} onClose={closeMobileMenu} /> : null}
      {settingsLoaded ? (
        <Suspense fallback={null}>
          <SettingsDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} />
        </Suspense>
      ) : null}
    </Layout>
  );
}
