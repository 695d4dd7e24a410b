import { commerceRoutes, type OrderCreate, type RechargeCreate, type RouteQuery } from '@edgeward/contract';
import { keepPreviousData, type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { download, request } from './client';

export type OrderListQueryInput = RouteQuery<typeof commerceRoutes.orders>;
export type StatementQueryInput = RouteQuery<typeof commerceRoutes.statement>;
export type StatementExportQueryInput = RouteQuery<typeof commerceRoutes.statementExport>;

const commerceKeys = {
  all: ['commerce'] as const,
  myPlan: (scope: 'cdn' | 'eo') => ['commerce', 'my-plan', scope] as const,
  packages: ['commerce', 'packages'] as const,
  orders: (query: OrderListQueryInput) => ['commerce', 'orders', query] as const,
  order: (id: number) => ['commerce', 'order', id] as const,
  balance: ['commerce', 'balance'] as const,
  statement: (query: StatementQueryInput) => ['commerce', 'statement', query] as const,
};

/** Reads shown in place through components/DataState (failure, request id, retry) stay quiet. */
const shownInPlace = { silent: true } as const;

/** My packages: the CDN ones (traffic, requests, add-ons) or the edge-platform plans. */
export function useMyPackages(scope: 'cdn' | 'eo') {
  return useQuery({
    queryKey: commerceKeys.myPlan(scope),
    queryFn: () => request(scope === 'eo' ? commerceRoutes.myEoPlan : commerceRoutes.myPlan, {}, shownInPlace),
  });
}

export function usePackageCatalogue() {
  return useQuery({
    queryKey: commerceKeys.packages,
    queryFn: () => request(commerceRoutes.packages, { query: {} }, shownInPlace),
  });
}

export function useOrderList(query: OrderListQueryInput) {
  return useQuery({
    queryKey: commerceKeys.orders(query),
    queryFn: () => request(commerceRoutes.orders, { query }, shownInPlace),
    placeholderData: keepPreviousData,
  });
}

/** How often the pay view reads an unpaid order while it waits for the gateway's notification. */
const ORDER_POLL_MS = 2_000;

/** One order; with `pollWhileUnpaid` it is read again and again until it is no longer unpaid. */
export function useOrder(id: number, pollWhileUnpaid = false) {
  return useQuery({
    queryKey: commerceKeys.order(id),
    queryFn: () => request(commerceRoutes.order, { params: { id } }, shownInPlace),
    refetchInterval: (query) => (pollWhileUnpaid && query.state.data?.status === 'unpaid' ? ORDER_POLL_MS : false),
    staleTime: 0,
  });
}

export function useBalance() {
  return useQuery({
    queryKey: commerceKeys.balance,
    queryFn: () => request(commerceRoutes.balance, undefined, shownInPlace),
    staleTime: 0,
  });
}

export function useStatement(query: StatementQueryInput) {
  return useQuery({
    queryKey: commerceKeys.statement(query),
    queryFn: () => request(commerceRoutes.statement, { query }, shownInPlace),
    placeholderData: keepPreviousData,
  });
}

/** Orders, balance and packages all move together: a payment changes all three. */
function afterChange(client: QueryClient) {
  void client.invalidateQueries({ queryKey: commerceKeys.all });
}

/** A payment that arrived by the gateway's notification, seen by the pay view: the other screens read again. */
export function useAfterPayment(): () => void {
  const client = useQueryClient();
  return useCallback(() => afterChange(client), [client]);
}

export function useCreateOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: OrderCreate) => request(commerceRoutes.createOrder, { body }),
    onSuccess: () => afterChange(client),
  });
}

export function useCancelOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request(commerceRoutes.cancelOrder, { params: { id } }),
    onSuccess: () => afterChange(client),
  });
}

/**
 * `idempotencyKey` is made once per attempt by the caller: a retry of the same attempt (a lost answer) cannot pay
 * twice, and the server answers it with the first answer.
 */
export function usePayByBalance() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, idempotencyKey }: { id: number; idempotencyKey: string }) =>
      request(commerceRoutes.payByBalance, { params: { id } }, { headers: { 'Idempotency-Key': idempotencyKey } }),
    onSuccess: () => afterChange(client),
  });
}

export function usePayByQr() {
  return useMutation({
    mutationFn: (id: number) => request(commerceRoutes.payByQr, { params: { id } }),
  });
}

/** The form shows refusals under its fields (reportFormError), so the call is silent. */
export function useRecharge() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RechargeCreate) => request(commerceRoutes.recharge, { body }, { silent: true }),
    onSuccess: () => afterChange(client),
  });
}

export function downloadStatement(query: StatementExportQueryInput) {
  return download(commerceRoutes.statementExport, { query });
}
