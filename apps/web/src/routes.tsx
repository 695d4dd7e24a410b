import type { PermissionId } from '@edgeward/contract';
import type { ComponentType } from 'react';
import type { Params } from 'react-router';
// The first page of every visitor who is not logged in: in the first load, not a chunk fetched after it.
import LoginPage from './features/auth/LoginPage';
import type { TextKey } from './i18n';
import type { MenuIcon } from './layouts/main/menu-icons';
import { lazyPage } from './navigation/lazy-page';

/** 'cdn' and 'eo' (edge platform) menus are chosen by the user's cdnType; 'all' appears in both. */
export type MenuScope = 'cdn' | 'eo' | 'all';

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
  /** The page, usually lazy (lazyPage): its own chunk, fetched on first use. */
  page?: ComponentType;
  redirect?: string;
  children?: AppRoute[];
  /** One multi-tab per value: pages whose path changes with an in-page tab keep a single tab. */
  tabKey?: (params: Params) => string;
}

const accountSettings = lazyPage(() => import('./features/account/AccountSettingsPage'));
const apiKeyList = lazyPage(() => import('./features/security/ApiKeyListPage'));

export const authRoutes: AppRoute[] = [
  { path: '/user/login/:token?', title: 'menu.user.login', page: LoginPage },
  {
    path: '/user/register',
    title: 'menu.user.register',
    page: lazyPage(() => import('./features/auth/RegisterPage')),
  },
  {
    path: '/user/register-result',
    title: 'menu.user.registerResult',
    page: lazyPage(() => import('./features/auth/RegisterResultPage')),
  },
  {
    path: '/user/forgot-password',
    title: 'menu.user.forgotPassword',
    page: lazyPage(() => import('./features/auth/ForgotPasswordPage')),
  },
  {
    path: '/user/reset-password',
    title: 'menu.user.resetPassword',
    page: lazyPage(() => import('./features/auth/ResetPasswordPage')),
  },
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
    page: lazyPage(() => import('./features/statistics/OverviewPage')),
  },
  {
    path: '/domain',
    title: 'menu.domain',
    icon: 'GlobalOutlined',
    menu: 'cdn',
    permission: 'domain',
    page: lazyPage(() => import('./features/domain/DomainListPage')),
    children: [
      {
        path: '/domain/create',
        title: 'menu.domain.create',
        hideInMenu: true,
        activeMenu: '/domain',
        page: lazyPage(() => import('./features/domain/CreateDomainPage')),
      },
      // {tab}: basic, origin, https, cache, access, advanced or protection (features/domain/paths.ts).
      {
        path: '/domain/setting/:tab/:id',
        title: 'menu.domain.setting',
        hideInMenu: true,
        activeMenu: '/domain',
        page: lazyPage(() => import('./features/domain/DomainSettingsPage')),
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
    page: lazyPage(() => import('./features/statistics/UsageStatisticsPage')),
  },
  {
    path: '/preheat',
    title: 'menu.preheat',
    icon: 'ThunderboltOutlined',
    menu: 'cdn',
    permission: 'preheat',
    page: lazyPage(() => import('./features/preheat/PreheatPage')),
  },
  {
    path: '/plan',
    title: 'menu.plan',
    icon: 'GiftOutlined',
    menu: 'cdn',
    permission: 'plan',
    page: lazyPage(() => import('./features/commerce/MyPackagesPage')),
  },

  // Edge-platform (secure acceleration) menu: the CDN's screens, which call the edge platform's API on these paths
  // (navigation/variant.ts); the settings are the edge platform's own four parts.
  {
    path: '/eo',
    title: 'menu.overview',
    icon: 'DashboardOutlined',
    menu: 'eo',
    permission: 'overview',
    page: lazyPage(() => import('./features/statistics/OverviewPage')),
  },
  {
    path: '/eodomain',
    title: 'menu.domain',
    icon: 'GlobalOutlined',
    menu: 'eo',
    permission: 'eodomain',
    page: lazyPage(() => import('./features/domain/DomainListPage')),
    children: [
      {
        path: '/eodomain/create',
        title: 'menu.domain.create',
        hideInMenu: true,
        activeMenu: '/eodomain',
        page: lazyPage(() => import('./features/domain/CreateDomainPage')),
      },
      // {tab}: basic, origin, https, config or security (features/eo/EoDomainSettingsPage.tsx).
      {
        path: '/eodomain/setting/:tab/:id',
        title: 'menu.domain.setting',
        hideInMenu: true,
        activeMenu: '/eodomain',
        page: lazyPage(() => import('./features/eo/EoDomainSettingsPage')),
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
    page: lazyPage(() => import('./features/statistics/UsageStatisticsPage')),
  },
  {
    path: '/eopreheat',
    title: 'menu.preheat',
    icon: 'ThunderboltOutlined',
    menu: 'eo',
    permission: 'preheat',
    page: lazyPage(() => import('./features/preheat/PreheatPage')),
  },
  {
    path: '/eoPlan',
    title: 'menu.plan',
    icon: 'GiftOutlined',
    menu: 'eo',
    permission: 'plan',
    page: lazyPage(() => import('./features/commerce/EoPlanPage')),
  },

  // In both menus
  {
    path: '/certificate',
    title: 'menu.certificate',
    icon: 'SafetyCertificateOutlined',
    menu: 'all',
    permission: 'certificate',
    redirect: '/certificate/manage',
    children: [
      {
        path: '/certificate/manage',
        title: 'menu.certificate.manage',
        page: lazyPage(() => import('./features/certificate/CertificateListPage')),
      },
      {
        path: '/certificate/order',
        title: 'menu.certificate.order',
        page: lazyPage(() => import('./features/certificate/application/ApplicationListPage')),
      },
      {
        path: '/certificate/order/:id/detail',
        title: 'menu.certificate.orderDetail',
        hideInMenu: true,
        activeMenu: '/certificate/order',
        page: lazyPage(() => import('./features/certificate/application/ApplicationDetailPage')),
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
      {
        path: '/plan/buy',
        title: 'menu.plan.buy',
        permission: 'plan',
        page: lazyPage(() => import('./features/commerce/PackageCatalogue')),
      },
      {
        path: '/plan/buy/:id',
        title: 'menu.plan.detail',
        permission: 'plan',
        hideInMenu: true,
        activeMenu: '/plan/buy',
        page: lazyPage(() => import('./features/commerce/PackageDetailPage')),
      },
      { path: '/order', title: 'menu.order', page: lazyPage(() => import('./features/commerce/OrderListPage')) },
      {
        path: '/order/:id',
        title: 'menu.order.detail',
        hideInMenu: true,
        activeMenu: '/order',
        page: lazyPage(() => import('./features/commerce/OrderDetailPage')),
      },
      {
        path: '/order/:id/pay',
        title: 'menu.order.pay',
        hideInMenu: true,
        activeMenu: '/order',
        page: lazyPage(() => import('./features/commerce/PayOrderPage')),
      },
      { path: '/recharge', title: 'menu.recharge', page: lazyPage(() => import('./features/commerce/RechargePage')) },
    ],
  },
  {
    path: '/ticket',
    title: 'menu.ticket',
    icon: 'CustomerServiceOutlined',
    menu: 'all',
    permission: 'ticket',
    page: lazyPage(() => import('./features/support/TicketListPage')),
    children: [
      {
        path: '/ticket/new',
        title: 'menu.ticket.new',
        hideInMenu: true,
        activeMenu: '/ticket',
        page: lazyPage(() => import('./features/support/TicketNewPage')),
      },
      {
        path: '/ticket/:id',
        title: 'menu.ticket.detail',
        hideInMenu: true,
        activeMenu: '/ticket',
        page: lazyPage(() => import('./features/support/TicketDetailPage')),
      },
    ],
  },
  { path: '/key', title: 'menu.key', icon: 'KeyOutlined', menu: 'all', permission: 'key', page: apiKeyList },
  {
    path: '/msg',
    title: 'menu.msg',
    icon: 'MessageOutlined',
    menu: 'all',
    permission: 'msg',
    page: lazyPage(() => import('./features/message/MessagePage')),
  },
  {
    path: '/log',
    title: 'menu.log',
    icon: 'FileTextOutlined',
    menu: 'all',
    permission: 'log',
    page: lazyPage(() => import('./features/log/LogPage')),
  },
  {
    path: '/account',
    title: 'menu.account',
    icon: 'UserOutlined',
    menu: 'all',
    permission: 'user',
    redirect: '/account/settings',
    children: [
      {
        path: '/account/info',
        title: 'menu.account.info',
        page: lazyPage(() => import('./features/account/AccountInfoPage')),
      },
      {
        path: '/real-name',
        title: 'menu.account.realName',
        page: lazyPage(() => import('./features/identity/RealNamePage')),
      },
      { path: '/account/settings', title: 'menu.account.settings', redirect: '/account/settings/basic' },
      {
        path: '/account/settings/basic',
        title: 'menu.account.settings',
        hideInMenu: true,
        activeMenu: '/account/settings',
        page: accountSettings,
        tabKey: () => '/account/settings',
      },
      {
        path: '/account/settings/security',
        title: 'menu.account.settings',
        hideInMenu: true,
        activeMenu: '/account/settings',
        page: accountSettings,
        tabKey: () => '/account/settings',
      },
    ],
  },
];
