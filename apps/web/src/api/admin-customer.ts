import {
  type CdnType,
  type PageQuery,
  type RouteData,
  type RouteDef,
  type RouteQuery,
  type StaffPermissionSet,
  type StaffReason,
  staffCustomerRoutes,
} from '@edgeward/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from './admin';
import { type RequestInput, request } from './client';

/** The customers in the operator console (issue 28): search, an account, and the staff's actions on it. */

export type StaffCustomerQueryInput = RouteQuery<typeof staffCustomerRoutes.customers>;

/** Under `admin`, so that ending the staff session drops them with the rest. */
const customerKeys = {
  all: [...adminKeys.all, 'customers'] as const,
  list: (query: StaffCustomerQueryInput) => [...adminKeys.all, 'customers', 'list', query] as const,
  detail: (id: number) => [...adminKeys.all, 'customers', 'detail', id] as const,
  listOf: (id: number, list: CustomerListName, page: PageQuery) =>
    [...adminKeys.all, 'customers', 'detail', id, list, page] as const,
};

/**
 * The lists of a customer's page (GET /admin/customers/:id/<list>), each a tab (the open sessions above the login log
 * on the sign-ins tab); all take the id and a page.
 */
const listRoutes = {
  orders: staffCustomerRoutes.customerOrders,
  packages: staffCustomerRoutes.customerPackages,
  statement: staffCustomerRoutes.customerStatement,
  domains: staffCustomerRoutes.customerDomains,
  certificates: staffCustomerRoutes.customerCertificates,
  tickets: staffCustomerRoutes.customerTickets,
  sessions: staffCustomerRoutes.customerSessions,
  logins: staffCustomerRoutes.customerLoginLog,
  operations: staffCustomerRoutes.customerOperationLog,
} as const;
export type CustomerListName = keyof typeof listRoutes;
type CustomerListPage<L extends CustomerListName> = RouteData<(typeof listRoutes)[L]>;

/** Reads shown in place (ListScreen, DataState) stay quiet; the page shows their failure. */
const shownInPlace = { silent: true } as const;

/** Customers register and change meanwhile: read afresh whenever shown. */
export function useStaffCustomers(query: StaffCustomerQueryInput) {
  return useQuery({
    queryKey: customerKeys.list(query),
    queryFn: () => request(staffCustomerRoutes.customers, { query }, shownInPlace),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

export function useStaffCustomer(id: number) {
  return useQuery({
    queryKey: customerKeys.detail(id),
    queryFn: () => request(staffCustomerRoutes.customer, { params: { id } }, shownInPlace),
    staleTime: 0,
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** A page of one of the customer's lists; the page shown stays until the next one comes. */
export function useCustomerList<L extends CustomerListName>(list: L, id: number, page: PageQuery) {
  // The routes differ in their rows only: each takes the customer's id and a page.
  const input: RequestInput<RouteDef> = { params: { id }, query: page };
  return useQuery({
    queryKey: customerKeys.listOf(id, list, page),
    queryFn: () => request(listRoutes[list] as RouteDef, input, shownInPlace) as Promise<CustomerListPage<L>>,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

/**
 * Each change reads the customers (the list shows the menus and the disabled mark), the audit log (which records
 * it) and the dashboard afresh. Not silent: a refusal (CUSTOMER_ALREADY_DISABLED...) is the one message on screen.
 */
function useCustomerChange<V, R>(call: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: customerKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] }),
        queryClient.invalidateQueries({ queryKey: adminKeys.dashboard }),
      ]),
  });
}

export const useSetCustomerCdnType = (id: number) =>
  useCustomerChange((cdnType: CdnType) =>
    request(staffCustomerRoutes.setCdnType, { params: { id }, body: { cdnType } }),
  );

export const useSetCustomerPermission = (id: number) =>
  useCustomerChange((body: StaffPermissionSet) => request(staffCustomerRoutes.setPermission, { params: { id }, body }));

export const useCustomerTwoFactorOff = (id: number) =>
  useCustomerChange((body: StaffReason) => request(staffCustomerRoutes.twoFactorOff, { params: { id }, body }));

export const useDisableCustomer = (id: number) =>
  useCustomerChange((body: StaffReason) => request(staffCustomerRoutes.disable, { params: { id }, body }));

export const useEnableCustomer = (id: number) =>
  useCustomerChange((body: StaffReason) => request(staffCustomerRoutes.enable, { params: { id }, body }));

export const useSimulateCustomer = (id: number) =>
  useCustomerChange((body: StaffReason) => request(staffCustomerRoutes.simulate, { params: { id }, body }));
