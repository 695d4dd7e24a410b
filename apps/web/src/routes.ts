// The route table: what the menu, the multi-tab bar, the guard and each page's title read. The pages behind the
// names are in pages.ts, which only the router imports: a page reads this table, so this table names no page.
import type { PermissionId } from '@edgeward/contract';
import type { Params } from 'react-router';
import type { TextKey } from './i18n';
import type { MenuIcon } from './layouts/main/menu-icons';

/** 'cdn' and 'eo' (edge platform) menus are chosen by the user's cdnType; 'all' appears in both. */
export type MenuScope = 'cdn' | 'eo' | 'all';

/** The pages of the console, each the default export of its module (pages.ts). */
export type PageName =
  | 'LoginPage'
  | 'RegisterPage'
  | 'RegisterResultPage'
  | 'ForgotPasswordPage'
  | 'ResetPasswordPage'
  | 'OverviewPage'
  | 'DomainListPage'
  | 'CreateDomainPage'
  | 'DomainSettingsPage'
  | 'UsageStatisticsPage'
  | 'PreheatPage'
  | 'MyPackagesPage'
  | 'EoDomainSettingsPage'
  | 'EoPlanPage'
  | 'CertificateListPage'
  | 'ApplicationListPage'
  | 'ApplicationDetailPage'
  | 'PackageCatalogue'
  | 'PackageDetailPage'
  | 'OrderListPage'
  | 'OrderDetailPage'
  | 'PayOrderPage'
  | 'RechargePage'
  | 'TicketListPage'
  | 'TicketNewPage'
  | 'TicketDetailPage'
  | 'ApiKeyListPage'
  | 'MessagePage'
  | 'LogPage'
  | 'AccountInfoPage'
  | 'RealNamePage'
  | 'AccountSettingsPage';

export interface AppRoute {
  /** Absolute path in React Router syntax (`:id`, `:token?`). Menu groups without a page only use it as a key. */
  path: string;
  /** Message key of the page title and menu label. */
  title: TextKey;
  /** The menu icon's name (layouts/main/menu-icons.ts). */
  icon?: MenuIcon;
  /** The menu a top-level entry belongs to; entries without one are never in the menu. */
  menu?: MenuScope;
  /** Children of a menu group are menu items unless hidden (detail pages reached from a list). */
  hideInMenu?: boolean;
  /** For hidden pages: the menu item that stays selected. */
  activeMenu?: string;
  /** Required permission; children inherit their parent's. */
  permission?: PermissionId;
  /** The page on this path, by name (pages.ts). */
  page?: PageName;
  redirect?: string;
  children?: AppRoute[];
  /** One multi-tab per value: pages whose path changes with an in-page tab keep a single tab. */
  tabKey?: (params: Params) => string;
}

export const authRoutes: AppRoute[] = [
  { path: '/user/login/:token?', title: 'menu.user.login', page: 'LoginPage' },
  { path: '/user/register', title: 'menu.user.register', page: 'RegisterPage' },
  { path: '/user/register-result', title: 'menu.user.registerResult', page: 'RegisterResultPage' },
  { path: '/user/forgot-password', title: 'menu.user.forgotPassword', page: 'ForgotPasswordPage' },
  { path: '/user/reset-password', title: 'menu.user.resetPassword', page: 'ResetPasswordPage' },
];

const domainSettingTab = (prefix: string) => (params: Params) => `${prefix}/${params.id ?? ''}`;

export const mainRoutes: AppRoute[] = [
  // CDN menu
  {
    path: '/',
    title: 'menu.overview',
    icon: 'DashboardOutlined',
    menu: 'cdn',
    permission: 'overview',
    page: 'OverviewPage',
  },
  {
    path: '/domain',
    title: 'menu.domain',
    icon: 'GlobalOutlined',
    menu: 'cdn',
    permission: 'domain',
    page: 'DomainListPage',
    children: [
      {
        path: '/domain/create',
        title: 'menu.domain.create',
        hideInMenu: true,
        activeMenu: '/domain',
        page: 'CreateDomainPage',
      },
      // {tab}: basic, origin, https, cache, access, advanced or protection (features/domain/paths.ts).
      {
        path: '/domain/setting/:tab/:id',
        title: 'menu.domain.setting',
        hideInMenu: true,
        activeMenu: '/domain',
        page: 'DomainSettingsPage',
        tabKey: domainSettingTab('/domain/setting'),
      },
    ],
  },
  { path: '/statistics', title: 'menu.statistics', permission: 'statistics', redirect: '/statistics/usage' },
  {
    path: '/statistics/usage',
    title: 'menu.statistics',
    icon: 'BarChartOutlined',
    menu: 'cdn',
    permission: 'statistics',
    page: 'UsageStatisticsPage',
  },
  {
    path: '/preheat',
    title: 'menu.preheat',
    icon: 'ThunderboltOutlined',
    menu: 'cdn',
    permission: 'preheat',
    page: 'PreheatPage',
  },
  { path: '/plan', title: 'menu.plan', icon: 'GiftOutlined', menu: 'cdn', permission: 'plan', page: 'MyPackagesPage' },

  // Edge-platform (secure acceleration) menu: the CDN's screens, which call the edge platform's API on these paths
  // (navigation/variant.ts); the settings are the edge platform's own four parts.
  {
    path: '/eo',
    title: 'menu.overview',
    icon: 'DashboardOutlined',
    menu: 'eo',
    permission: 'overview',
    page: 'OverviewPage',
  },
  {
    path: '/eodomain',
    title: 'menu.domain',
    icon: 'GlobalOutlined',
    menu: 'eo',
    permission: 'eodomain',
    page: 'DomainListPage',
    children: [
      {
        path: '/eodomain/create',
        title: 'menu.domain.create',
        hideInMenu: true,
        activeMenu: '/eodomain',
        page: 'CreateDomainPage',
      },
      // {tab}: basic, origin, https, config or security (features/eo/EoDomainSettingsPage.tsx).
      {
        path: '/eodomain/setting/:tab/:id',
        title: 'menu.domain.setting',
        hideInMenu: true,
        activeMenu: '/eodomain',
        page: 'EoDomainSettingsPage',
        tabKey: domainSettingTab('/eodomain/setting'),
      },
    ],
  },
  { path: '/eostatistics', title: 'menu.statistics', permission: 'statistics', redirect: '/eostatistics/usage' },
  {
    path: '/eostatistics/usage',
    title: 'menu.statistics',
    icon: 'BarChartOutlined',
    menu: 'eo',
    permission: 'statistics',
    page: 'UsageStatisticsPage',
  },
  {
    path: '/eopreheat',
    title: 'menu.preheat',
    icon: 'ThunderboltOutlined',
    menu: 'eo',
    permission: 'preheat',
    page: 'PreheatPage',
  },
  { path: '/eoPlan', title: 'menu.plan', icon: 'GiftOutlined', menu: 'eo', permission: 'plan', page: 'EoPlanPage' },

  // In both menus
  {
    path: '/certificate',
    title: 'menu.certificate',
    icon: 'SafetyCertificateOutlined',
    menu: 'all',
    permission: 'certificate',
    redirect: '/certificate/manage',
    children: [
      { path: '/certificate/manage', title: 'menu.certificate.manage', page: 'CertificateListPage' },
      { path: '/certificate/order', title: 'menu.certificate.order', page: 'ApplicationListPage' },
      {
        path: '/certificate/order/:id/detail',
        title: 'menu.certificate.orderDetail',
        hideInMenu: true,
        activeMenu: '/certificate/order',
        page: 'ApplicationDetailPage',
      },
    ],
  },
  {
    path: '/billing',
    title: 'menu.billing',
    icon: 'WalletOutlined',
    menu: 'all',
    permission: 'order',
    children: [
      { path: '/plan/buy', title: 'menu.plan.buy', permission: 'plan', page: 'PackageCatalogue' },
      {
        path: '/plan/buy/:id',
        title: 'menu.plan.detail',
        permission: 'plan',
        hideInMenu: true,
        activeMenu: '/plan/buy',
        page: 'PackageDetailPage',
      },
      { path: '/order', title: 'menu.order', page: 'OrderListPage' },
      {
        path: '/order/:id',
        title: 'menu.order.detail',
        hideInMenu: true,
        activeMenu: '/order',
        page: 'OrderDetailPage',
      },
      { path: '/order/:id/pay', title: 'menu.order.pay', hideInMenu: true, activeMenu: '/order', page: 'PayOrderPage' },
      { path: '/recharge', title: 'menu.recharge', page: 'RechargePage' },
    ],
  },
  {
    path: '/ticket',
    title: 'menu.ticket',
    icon: 'CustomerServiceOutlined',
    menu: 'all',
    permission: 'ticket',
    page: 'TicketListPage',
    children: [
      { path: '/ticket/new', title: 'menu.ticket.new', hideInMenu: true, activeMenu: '/ticket', page: 'TicketNewPage' },
      {
        path: '/ticket/:id',
        title: 'menu.ticket.detail',
        hideInMenu: true,
        activeMenu: '/ticket',
        page: 'TicketDetailPage',
      },
    ],
  },
  { path: '/key', title: 'menu.key', icon: 'KeyOutlined', menu: 'all', permission: 'key', page: 'ApiKeyListPage' },
  { path: '/msg', title: 'menu.msg', icon: 'MessageOutlined', menu: 'all', permission: 'msg', page: 'MessagePage' },
  { path: '/log', title: 'menu.log', icon: 'FileTextOutlined', menu: 'all', permission: 'log', page: 'LogPage' },
  {
    path: '/account',
    title: 'menu.account',
    icon: 'UserOutlined',
    menu: 'all',
    permission: 'user',
    redirect: '/account/settings',
    children: [
      { path: '/account/info', title: 'menu.account.info', page: 'AccountInfoPage' },
      { path: '/real-name', title: 'menu.account.realName', page: 'RealNamePage' },
      { path: '/account/settings', title: 'menu.account.settings', redirect: '/account/settings/basic' },
      {
        path: '/account/settings/basic',
        title: 'menu.account.settings',
        hideInMenu: true,
        activeMenu: '/account/settings',
        page: 'AccountSettingsPage',
        tabKey: () => '/account/settings',
      },
      {
        path: '/account/settings/security',
        title: 'menu.account.settings',
        hideInMenu: true,
        activeMenu: '/account/settings',
        page: 'AccountSettingsPage',
        tabKey: () => '/account/settings',
      },
    ],
  },
];
