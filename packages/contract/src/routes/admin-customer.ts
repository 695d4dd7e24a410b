import { z } from 'zod';
import { defineRoute } from '../route';
import { LoginLogItemSchema } from '../schemas/auth';
import { LedgerEntrySchema, MyPackageSchema } from '../schemas/commerce';
import { IdParamsSchema, PageQuerySchema, pageOf } from '../schemas/common';
import { OperationLogItemSchema } from '../schemas/operation-log';
import { StaffReasonSchema } from '../schemas/staff';
import {
  StaffCdnTypeSchema,
  StaffCustomerCertificateSchema,
  StaffCustomerDetailSchema,
  StaffCustomerDomainSchema,
  StaffCustomerQuerySchema,
  StaffCustomerSchema,
  StaffCustomerSessionSchema,
  StaffCustomerTicketSchema,
  StaffPermissionSetSchema,
  StaffSimulationSchema,
} from '../schemas/staff-customer';
import { StaffOrderSchema } from '../schemas/staff-finance';

const tag = 'admin';

/** One of the lists on a customer's page: a page of that customer's rows, newest first, read-only. */
function customerList<T extends z.ZodType>(list: string, what: string, item: T) {
  return defineRoute({
    method: 'GET',
    path: `/admin/customers/:id/${list}`,
    summary: `A page of the customer's ${what}, newest first`,
    tag,
    auth: 'staff',
    staffPermission: 'customers.read',
    params: IdParamsSchema,
    query: PageQuerySchema,
    data: pageOf(item),
  });
}

/**
 * The customers (issue 28): search, a customer's account, and the command line's actions on it (menus, permissions,
 * two-factor off, a simulation link), each audited and in the customer's operation log as done by the operator.
 */
export const staffCustomerRoutes = {
  customers: defineRoute({
    method: 'GET',
    path: '/admin/customers',
    summary: 'Customers by name, email, id or domain, newest first',
    tag,
    auth: 'staff',
    staffPermission: 'customers.read',
    query: StaffCustomerQuerySchema,
    data: pageOf(StaffCustomerSchema),
  }),
  customer: defineRoute({
    method: 'GET',
    path: '/admin/customers/:id',
    summary: "A customer's account: profile, menus, real-name, two-factor, permissions, sessions",
    tag,
    auth: 'staff',
    staffPermission: 'customers.read',
    params: IdParamsSchema,
    data: StaffCustomerDetailSchema,
  }),
  customerOrders: customerList('orders', 'orders (each kind and status)', StaffOrderSchema),
  customerPackages: customerList('packages', 'packages, of both consoles, with their use', MyPackageSchema),
  customerStatement: customerList('statement', 'balance movements', LedgerEntrySchema),
  customerDomains: customerList('domains', 'domains, of both consoles', StaffCustomerDomainSchema),
  customerCertificates: customerList('certificates', 'certificates', StaffCustomerCertificateSchema),
  customerTickets: customerList('tickets', 'tickets', StaffCustomerTicketSchema),
  customerSessions: customerList('sessions', 'open sessions (not revoked, not expired)', StaffCustomerSessionSchema),
  customerLoginLog: customerList('login-log', 'sign-in attempts (the login log)', LoginLogItemSchema),
  customerOperationLog: customerList('operation-log', 'operation log', OperationLogItemSchema),
  setCdnType: defineRoute({
    method: 'PUT',
    path: '/admin/customers/:id/cdn-type',
    summary: "Set which consoles (menus) the customer has: the CDN's, the edge platform's, or both",
    tag,
    auth: 'staff',
    staffPermission: 'customers.manage',
    params: IdParamsSchema,
    body: StaffCdnTypeSchema,
    data: z.null(),
  }),
  setPermission: defineRoute({
    method: 'PUT',
    path: '/admin/customers/:id/permissions',
    summary: "Set one of the customer's permissions to an action list (empty: take it away)",
    tag,
    auth: 'staff',
    staffPermission: 'customers.manage',
    params: IdParamsSchema,
    body: StaffPermissionSetSchema,
    data: z.null(),
  }),
  twoFactorOff: defineRoute({
    method: 'POST',
    path: '/admin/customers/:id/two-factor-off',
    summary: "Turn off the customer's two-factor sign-in (lost authenticator and recovery codes), with a reason",
    tag,
    auth: 'staff',
    staffPermission: 'customers.manage',
    params: IdParamsSchema,
    body: StaffReasonSchema,
    data: z.null(),
  }),
  disable: defineRoute({
    method: 'POST',
    path: '/admin/customers/:id/disable',
    summary: "Disable the customer's account, with a reason: its sessions end, its API keys and password open nothing",
    tag,
    auth: 'staff',
    staffPermission: 'customers.manage',
    params: IdParamsSchema,
    body: StaffReasonSchema,
    data: z.null(),
  }),
  enable: defineRoute({
    method: 'POST',
    path: '/admin/customers/:id/enable',
    summary: "Enable a disabled customer's account again, with a reason",
    tag,
    auth: 'staff',
    staffPermission: 'customers.manage',
    params: IdParamsSchema,
    body: StaffReasonSchema,
    data: z.null(),
  }),
  simulate: defineRoute({
    method: 'POST',
    path: '/admin/customers/:id/simulation',
    summary: 'A one-time link signing in as the customer (short-lived, logged)',
    tag,
    auth: 'staff',
    staffPermission: 'simulation',
    params: IdParamsSchema,
    body: StaffReasonSchema,
    data: StaffSimulationSchema,
  }),
};
