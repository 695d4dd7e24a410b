import type { ComponentType } from 'react';
// The first page of every visitor who is not logged in: in the first load, not a chunk fetched after it.
import LoginPage from './features/auth/LoginPage';
import { lazyPage } from './navigation/lazy-page';
import type { PageName } from './routes';

/** The page behind each name of the route table, each but the login page lazy: its own chunk, fetched on first use. */
export const pages: Record<PageName, ComponentType> = {
  LoginPage,
  RegisterPage: lazyPage(() => import('./features/auth/RegisterPage')),
  RegisterResultPage: lazyPage(() => import('./features/auth/RegisterResultPage')),
  ForgotPasswordPage: lazyPage(() => import('./features/auth/ForgotPasswordPage')),
  ResetPasswordPage: lazyPage(() => import('./features/auth/ResetPasswordPage')),
  OverviewPage: lazyPage(() => import('./features/statistics/OverviewPage')),
  DomainListPage: lazyPage(() => import('./features/domain/DomainListPage')),
  CreateDomainPage: lazyPage(() => import('./features/domain/CreateDomainPage')),
  DomainSettingsPage: lazyPage(() => import('./features/domain/DomainSettingsPage')),
  UsageStatisticsPage: lazyPage(() => import('./features/statistics/UsageStatisticsPage')),
  PreheatPage: lazyPage(() => import('./features/preheat/PreheatPage')),
  MyPackagesPage: lazyPage(() => import('./features/commerce/MyPackagesPage')),
  EoDomainSettingsPage: lazyPage(() => import('./features/eo/EoDomainSettingsPage')),
  EoPlanPage: lazyPage(() => import('./features/commerce/EoPlanPage')),
  CertificateListPage: lazyPage(() => import('./features/certificate/CertificateListPage')),
  ApplicationListPage: lazyPage(() => import('./features/certificate/application/ApplicationListPage')),
  ApplicationDetailPage: lazyPage(() => import('./features/certificate/application/ApplicationDetailPage')),
  PackageCatalogue: lazyPage(() => import('./features/commerce/PackageCatalogue')),
  PackageDetailPage: lazyPage(() => import('./features/commerce/PackageDetailPage')),
  OrderListPage: lazyPage(() => import('./features/commerce/OrderListPage')),
  OrderDetailPage: lazyPage(() => import('./features/commerce/OrderDetailPage')),
  PayOrderPage: lazyPage(() => import('./features/commerce/PayOrderPage')),
  RechargePage: lazyPage(() => import('./features/commerce/RechargePage')),
  TicketListPage: lazyPage(() => import('./features/support/TicketListPage')),
  TicketNewPage: lazyPage(() => import('./features/support/TicketNewPage')),
  TicketDetailPage: lazyPage(() => import('./features/support/TicketDetailPage')),
  ApiKeyListPage: lazyPage(() => import('./features/security/ApiKeyListPage')),
  MessagePage: lazyPage(() => import('./features/message/MessagePage')),
  LogPage: lazyPage(() => import('./features/log/LogPage')),
  AccountInfoPage: lazyPage(() => import('./features/account/AccountInfoPage')),
  RealNamePage: lazyPage(() => import('./features/identity/RealNamePage')),
  AccountSettingsPage: lazyPage(() => import('./features/account/AccountSettingsPage')),
};
