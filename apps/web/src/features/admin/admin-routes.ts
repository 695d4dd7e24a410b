import {
  BellOutlined,
  CloudServerOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  FileTextOutlined,
  SafetyCertificateOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { StaffCapability } from '@edgeward/contract';
import type { ComponentType } from 'react';
import { matchPath } from 'react-router';
import type { AdminTextKey } from './admin-texts';
import AuditLogPage from './audit/AuditLogPage';
import CustomerPage from './customers/CustomerPage';
import CustomersPage from './customers/CustomersPage';
import DashboardPage from './dashboard/DashboardPage';
import EdgePage from './edge/EdgePage';
import FinancePage from './finance/FinancePage';
import NoticesPage from './notices/NoticesPage';
import ReviewsPage from './reviews/ReviewsPage';
import StaffPage from './staff/StaffPage';
import StaffTicketPage from './tickets/StaffTicketPage';
import TicketQueuePage from './tickets/TicketQueuePage';

/** One screen of the operator console: its path, title (menu label), icon, the capability it needs and its page. */
export interface AdminRoute {
  path: string;
  title: AdminTextKey;
  icon: ComponentType;
  capability: StaffCapability;
  /** A component, or a lazyPage once a screen is heavy enough for a chunk of its own. */
  page: ComponentType;
  /** A page reached from another (a ticket from the queue): not in the menu, where that entry stays selected. */
  activeMenu?: string;
}

/**
 * The operator console's screens, in menu order: adding one is one entry. A role sees the entries its capabilities
 * hold (the server refuses the others' calls anyway). What keeps the customer's downloads as they were:
 * - the pages come in the console's one chunk: split, they would tear the customer console's shared chunks apart (a
 *   module shared by a customer page and by only some of the operator's chunks lands in a chunk of its own);
 * - the icons are ones the customer console already draws: another would join the library chunk every signed-in
 *   customer downloads (vite.config.ts).
 */
export const adminRoutes: readonly AdminRoute[] = [
  {
    path: '/admin',
    title: 'admin.menu.dashboard',
    icon: DashboardOutlined,
    capability: 'dashboard',
    page: DashboardPage,
  },
  {
    path: '/admin/staff',
    title: 'admin.menu.staff',
    icon: UserOutlined,
    capability: 'staff',
    page: StaffPage,
  },
  {
    path: '/admin/audit',
    title: 'admin.menu.audit',
    icon: FileTextOutlined,
    capability: 'audit',
    page: AuditLogPage,
  },
  {
    path: '/admin/tickets',
    title: 'adminDesk.menu.tickets',
    icon: CustomerServiceOutlined,
    capability: 'tickets',
    page: TicketQueuePage,
  },
  {
    path: '/admin/tickets/:id',
    title: 'adminDesk.menu.ticket',
    icon: CustomerServiceOutlined,
    capability: 'tickets',
    page: StaffTicketPage,
    activeMenu: '/admin/tickets',
  },
  {
    path: '/admin/reviews',
    title: 'adminDesk.menu.reviews',
    icon: SafetyCertificateOutlined,
    capability: 'reviews',
    page: ReviewsPage,
  },
  {
    // One entry for the finance desk: its tabs follow the finance capabilities (finance/finance-logic.ts).
    path: '/admin/finance',
    title: 'admin.menu.finance',
    icon: WalletOutlined,
    capability: 'orders',
    page: FinancePage,
  },
  {
    // One entry for operations' desk: its tabs follow the edge capabilities (edge/edge-logic.ts).
    path: '/admin/edge',
    title: 'adminEdge.menu.edge',
    icon: CloudServerOutlined,
    capability: 'edge',
    page: EdgePage,
  },
  {
    path: '/admin/notices',
    title: 'adminNotice.menu.notices',
    icon: BellOutlined,
    capability: 'messages',
    page: NoticesPage,
  },
  {
    path: '/admin/customers',
    title: 'adminCustomer.menu.customers',
    icon: UserOutlined,
    capability: 'customers.read',
    page: CustomersPage,
  },
  {
    path: '/admin/customers/:id',
    title: 'adminCustomer.menu.customer',
    icon: UserOutlined,
    capability: 'customers.read',
    page: CustomerPage,
    activeMenu: '/admin/customers',
  },
];

/** The menu: the entries a member's capabilities open, in menu order, less the pages reached from another. */
export function visibleRoutes<R extends Pick<AdminRoute, 'capability' | 'activeMenu'>>(
  routes: readonly R[],
  capabilities: readonly StaffCapability[],
): R[] {
  return routes.filter((route) => !route.activeMenu && capabilities.includes(route.capability));
}

/** The menu entry selected while a route's page is on screen. */
export function menuKeyOf(route: Pick<AdminRoute, 'path' | 'activeMenu'> | undefined): string | undefined {
  return route?.activeMenu ?? route?.path;
}

/** The entry of a path (`/admin/staff/`, a trailing slash or not), or undefined for a path the console does not have. */
export function routeOfPath<R extends Pick<AdminRoute, 'path'>>(routes: readonly R[], pathname: string): R | undefined {
  return routes.find((route) => matchPath({ path: route.path, end: true }, pathname) !== null);
}

export type AdminPageAccess = 'page' | 'forbidden' | 'notFound';

/** What the console shows for a path's entry: the page, 403 when the member's role lacks its capability, or 404. */
export function pageAccess(
  route: Pick<AdminRoute, 'capability'> | undefined,
  capabilities: readonly StaffCapability[],
): AdminPageAccess {
  if (!route) return 'notFound';
  return capabilities.includes(route.capability) ? 'page' : 'forbidden';
}
