import { actions, permissionIds, staffRoleCapabilities } from '@edgeward/contract';
import { describe, expect, it } from 'vitest';
import { adminRoutes, menuKeyOf, pageAccess, routeOfPath } from '../admin-routes';
import {
  customerActions,
  customerIdOf,
  customerPath,
  customerTabOf,
  customerTabSearch,
  customerTabs,
  deskSearchPath,
  orderedActions,
  permissionLabels,
  permissionRows,
  simulationUrl,
} from './customer-logic';

const on = { disabledAt: null, twoFactorEnabled: true };
const closed = { disabledAt: 1_700_000_000_000, twoFactorEnabled: false };

describe('the customer actions a member sees', () => {
  it('shows an admin what applies: two-factor off only when on, disable or enable by the account state', () => {
    const admin = staffRoleCapabilities.admin;
    expect(customerActions(on, admin)).toEqual({
      cdnType: true,
      permissions: true,
      twoFactorOff: true,
      disable: true,
      enable: false,
      simulate: true,
      simulateBlocked: false,
    });
    expect(customerActions(closed, admin)).toMatchObject({
      twoFactorOff: false,
      disable: false,
      enable: true,
      simulate: true,
      simulateBlocked: true,
    });
  });

  it('hides every change from a role that only reads customers, and the link from one without simulation', () => {
    const support = customerActions(on, staffRoleCapabilities.support);
    expect(support).toMatchObject({ cdnType: false, permissions: false, twoFactorOff: false, disable: false });
    expect(support.enable).toBe(false);
    expect(support.simulate).toBe(true);
    expect(customerActions(on, staffRoleCapabilities.finance).simulate).toBe(false);
    expect(customerActions(closed, ['customers.read']).enable).toBe(false);
  });
});

describe('the permissions table', () => {
  it('lists every permission in the contract order with the actions held, in order, and none for the rest', () => {
    const rows = permissionRows([
      { permissionId: 'key', actionList: ['query', 'add'] },
      { permissionId: 'domain', actionList: ['delete', 'add', 'delete'] },
    ]);
    expect(rows.map((row) => row.id)).toEqual([...permissionIds]);
    expect(rows.find((row) => row.id === 'key')?.actions).toEqual(['add', 'query']);
    expect(rows.find((row) => row.id === 'domain')?.actions).toEqual(['add', 'delete']);
    expect(rows.find((row) => row.id === 'log')?.actions).toEqual([]);
  });

  it('sends the chosen actions in the contract order, once each', () => {
    expect(orderedActions(['export', 'add', 'export'])).toEqual(['add', 'export']);
    expect(orderedActions([])).toEqual([]);
    expect(orderedActions([...actions].reverse())).toEqual([...actions]);
  });

  it('labels every permission', () => {
    expect(Object.keys(permissionLabels).sort()).toEqual([...permissionIds].sort());
  });
});

describe('the links of a customer page', () => {
  it('searches the orders and tickets desks for the customer, encoded', () => {
    expect(deskSearchPath('/admin/finance', 'alice_1')).toBe('/admin/finance?search=alice_1');
    expect(deskSearchPath('/admin/tickets', 'a b&c')).toBe('/admin/tickets?search=a+b%26c');
  });

  it('builds the simulation link from the console address and the path answered', () => {
    expect(simulationUrl('https://cdn.example', '/user/login/abc')).toBe('https://cdn.example/user/login/abc');
    expect(simulationUrl('http://127.0.0.1:8080/', '/user/login/abc')).toBe('http://127.0.0.1:8080/user/login/abc');
  });

  it('reads the id of /admin/customers/:id, and no id from anything else', () => {
    expect(customerIdOf('42')).toBe(42);
    expect(customerIdOf('4x')).toBeNaN();
    expect(customerIdOf('-1')).toBeNaN();
    expect(customerIdOf(undefined)).toBeNaN();
  });

  it('opens an account from the list, with the list selected in the menu, for every role reading customers', () => {
    const page = routeOfPath(adminRoutes, customerPath(12));
    expect(page?.title).toBe('adminCustomer.menu.customer');
    expect(menuKeyOf(page)).toBe('/admin/customers');
    expect(pageAccess(page, staffRoleCapabilities.reviewer)).toBe('page');
    expect(pageAccess(page, staffRoleCapabilities.operations)).toBe('forbidden');
  });
});

describe("the tabs of a customer's page", () => {
  it('opens the tab the address names, the account for none or an unknown one', () => {
    for (const tab of customerTabs) expect(customerTabOf(tab)).toBe(tab);
    expect(customerTabOf(null)).toBe('account');
    expect(customerTabOf('')).toBe('account');
    expect(customerTabOf('Orders')).toBe('account');
    expect(customerTabOf('staff')).toBe('account');
  });

  it('keeps the tab in the address, the first one without a `?tab=`, the rest of the address as it was', () => {
    const params = new URLSearchParams({ tab: 'orders', other: 'x' });
    expect(customerTabSearch(params, 'domains').toString()).toBe('tab=domains&other=x');
    expect(customerTabSearch(params, 'account').toString()).toBe('other=x');
    expect(params.toString()).toBe('tab=orders&other=x');
  });
});
