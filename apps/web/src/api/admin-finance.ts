import {
  type PackageDefinitionFields,
  type PackageTextsEdit,
  type RouteQuery,
  type StaffReason,
  staffFinanceRoutes,
} from '@edgeward/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from './admin';
import { download, request } from './client';

/** The finance desk of the operator console (issue 28): orders and refunds, bank transfers, packages, revenue. */

export type StaffOrderQueryInput = RouteQuery<typeof staffFinanceRoutes.orders>;
export type StaffTransferQueryInput = RouteQuery<typeof staffFinanceRoutes.transfers>;
export type RevenueQueryInput = RouteQuery<typeof staffFinanceRoutes.revenue>;

/** Under `admin`, so that ending the staff session drops them with the rest. */
const financeKeys = {
  all: [...adminKeys.all, 'finance'] as const,
  orders: (query: StaffOrderQueryInput) => [...adminKeys.all, 'finance', 'orders', query] as const,
  transfers: (query: StaffTransferQueryInput) => [...adminKeys.all, 'finance', 'transfers', query] as const,
  packages: [...adminKeys.all, 'finance', 'packages'] as const,
  revenue: (query: RevenueQueryInput) => [...adminKeys.all, 'finance', 'revenue', query] as const,
};

/** Reads shown in place (ListScreen, DataState) stay quiet; the page shows their failure. */
const shownInPlace = { silent: true } as const;

export function useStaffOrders(query: StaffOrderQueryInput) {
  return useQuery({
    queryKey: financeKeys.orders(query),
    queryFn: () => request(staffFinanceRoutes.orders, { query }, shownInPlace),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

export function useStaffTransfers(query: StaffTransferQueryInput) {
  return useQuery({
    queryKey: financeKeys.transfers(query),
    queryFn: () => request(staffFinanceRoutes.transfers, { query }, shownInPlace),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

export function useStaffPackages() {
  return useQuery({
    queryKey: financeKeys.packages,
    queryFn: () => request(staffFinanceRoutes.packages, undefined, shownInPlace),
    staleTime: 0,
  });
}

export function useRevenue(query: RevenueQueryInput) {
  return useQuery({
    queryKey: financeKeys.revenue(query),
    queryFn: () => request(staffFinanceRoutes.revenue, { query }, shownInPlace),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

export function downloadRevenue(query: RevenueQueryInput) {
  return download(staffFinanceRoutes.revenueExport, { query });
}

/**
 * Each finance change reads the desk afresh (a refund or a confirmed transfer moves orders, transfers and revenue
 * together), and the audit log and dashboard, which record and count it. Not silent: the server's refusal (an
 * order no longer refundable, a transfer already confirmed) is the one message on screen.
 */
function useFinanceChange<V, R>(call: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: financeKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] }),
        queryClient.invalidateQueries({ queryKey: adminKeys.dashboard }),
      ]),
  });
}

export function useRefundOrder() {
  return useFinanceChange(({ id, reason }: { id: number } & StaffReason) =>
    request(staffFinanceRoutes.refund, { params: { id }, body: { reason } }),
  );
}

export function useConfirmTransfer() {
  return useFinanceChange(({ id, receivedFen }: { id: number; receivedFen: string }) =>
    request(staffFinanceRoutes.confirmTransfer, { params: { id }, body: { receivedFen } }),
  );
}

export function useRejectTransfer() {
  return useFinanceChange(({ id, reason }: { id: number } & StaffReason) =>
    request(staffFinanceRoutes.rejectTransfer, { params: { id }, body: { reason } }),
  );
}

/** Silent: the form puts a taken code or a refused field under its field. */
export function useAddPackage() {
  return useFinanceChange((body: PackageDefinitionFields) =>
    request(staffFinanceRoutes.addPackage, { body }, { silent: true }),
  );
}

export function useEditPackage() {
  return useFinanceChange(({ id, texts }: { id: number; texts: PackageTextsEdit }) =>
    request(staffFinanceRoutes.editPackage, { params: { id }, body: texts }, { silent: true }),
  );
}

export function usePackageSale() {
  return useFinanceChange(({ id, onSale }: { id: number; onSale: boolean }) =>
    request(staffFinanceRoutes.packageSale, { params: { id }, body: { onSale } }),
  );
}
