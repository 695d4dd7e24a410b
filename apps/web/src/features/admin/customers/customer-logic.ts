import {
  type Action,
  actions,
  type DomainStatus,
  type MyPackage,
  type Permission,
  type PermissionId,
  permissionIds,
  type StaffCapability,
  type StaffCustomerDetail,
} from '@edgeward/contract';
import type { TextKey } from '../../../i18n/i18n-store';
import type { AdminTextKey } from '../admin-texts';

/** The customer's page of an account. */
export const customerPath = (id: number) => `/admin/customers/${id}`;

/** A desk of the console (orders, tickets) searched for the customer's name. */
export const deskSearchPath = (desk: '/admin/finance' | '/admin/tickets', userName: string) =>
  `${desk}?${new URLSearchParams({ search: userName })}`;

/**
 * A permission's label: the customer console's menu entry for the screens it opens (the domains of the edge
 * platform have none of their own there, so the customer pack names them).
 */
export const permissionLabels: Record<PermissionId, TextKey | AdminTextKey> = {
  user: 'menu.account',
  overview: 'menu.overview',
  domain: 'menu.domain',
  eodomain: 'adminCustomer.permission.eodomain',
  statistics: 'menu.statistics',
  preheat: 'menu.preheat',
  plan: 'menu.plan',
  certificate: 'menu.certificate',
  msg: 'menu.msg',
  log: 'menu.log',
  order: 'menu.order',
  key: 'menu.key',
  ticket: 'menu.ticket',
};

export interface PermissionRow {
  id: PermissionId;
  /** The actions granted, in the contract's order; empty for a permission the customer does not hold. */
  actions: Action[];
}

/** Every permission of the customer console, in its order, with what the customer holds of it (maybe nothing). */
export function permissionRows(held: readonly Permission[]): PermissionRow[] {
  return permissionIds.map((id) => {
    const granted = new Set(held.filter((permission) => permission.permissionId === id).flatMap((p) => p.actionList));
    return { id, actions: actions.filter((action) => granted.has(action)) };
  });
}

/** The actions chosen in the dialog in the contract's order, each once. */
export const orderedActions = (chosen: readonly Action[]): Action[] =>
  actions.filter((action) => chosen.includes(action));

/** What a member may do on the account: each action hidden unless their capabilities hold it and it applies. */
export function customerActions(
  customer: Pick<StaffCustomerDetail, 'disabledAt' | 'twoFactorEnabled'>,
  capabilities: readonly StaffCapability[],
) {
  const manage = capabilities.includes('customers.manage');
  const disabled = customer.disabledAt !== null;
  return {
    cdnType: manage,
    permissions: manage,
    twoFactorOff: manage && customer.twoFactorEnabled,
    disable: manage && !disabled,
    enable: manage && disabled,
    /** A disabled account opens to no simulation link (the server says ACCOUNT_DISABLED). */
    simulate: capabilities.includes('simulation'),
    simulateBlocked: disabled,
  };
}

/** The simulation link to hand over: the console's own address and the path the server answered. */
export const simulationUrl = (origin: string, path: string) => `${origin.replace(/\/+$/, '')}${path}`;

/** The customer's id in /admin/customers/:id, or NaN for a path that names none. */
export function customerIdOf(id: string | undefined): number {
  return id && /^\d+$/.test(id) ? Number(id) : Number.NaN;
}

/** The tabs of a customer's page, in order: the account itself, then its business a list each. */
export const customerTabs = [
  'account',
  'orders',
  'packages',
  'statement',
  'domains',
  'certificates',
  'tickets',
  'logins',
  'operations',
] as const;
export type CustomerTab = (typeof customerTabs)[number];

/** The tab the address names (`?tab=`); the account for none or one the page does not have. */
export function customerTabOf(wanted: string | null): CustomerTab {
  return customerTabs.find((tab) => tab === wanted) ?? 'account';
}

/** The address of the customer's page with `tab` in view (the account, the first tab, needs no `?tab=`). */
export function customerTabSearch(params: URLSearchParams, tab: CustomerTab): URLSearchParams {
  const next = new URLSearchParams(params);
  if (tab === 'account') next.delete('tab');
  else next.set('tab', tab);
  return next;
}

/** The tag colour of a domain status (as the customer console colours it). */
export const domainStatusColors: Record<DomainStatus, string> = {
  creating: 'processing',
  configuring: 'processing',
  enabled: 'success',
  disabled: 'default',
  deleting: 'warning',
  abnormal: 'error',
  under_review: 'warning',
  review_rejected: 'error',
};

export const packageStateColors: Record<MyPackage['state'], string> = {
  active: 'success',
  expiring: 'warning',
  expired: 'default',
  refunded: 'purple',
};
