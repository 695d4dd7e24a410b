import { describe, expect, it } from 'vitest';
import {
  actions,
  defaultCustomerPermissions,
  hasPermission,
  permissionIds,
  type Role,
  RoleSchema,
} from './permissions';

describe('permissions', () => {
  it("names the spec's actions (section 6), and the default customer role grants each on every screen", () => {
    expect(actions).toEqual(['add', 'delete', 'edit', 'query', 'get', 'enable', 'disable', 'import', 'export']);
    const customer: Role[] = [{ roleId: 'customer', permissions: defaultCustomerPermissions }];
    for (const id of permissionIds) {
      expect(hasPermission(customer, { id }), id).toBe(true);
      for (const action of actions) expect(hasPermission(customer, { id, action }), `${id} ${action}`).toBe(true);
    }
  });

  it('grants a requirement when any one role has the permission, and the action when one is named', () => {
    const reader: Role = { roleId: 'reader', permissions: [{ permissionId: 'domain', actionList: ['query'] }] };
    const billing: Role = { roleId: 'billing', permissions: [{ permissionId: 'order', actionList: [] }] };
    const table: [Role[], Parameters<typeof hasPermission>[1], boolean][] = [
      [[reader], { id: 'domain' }, true],
      [[reader], { id: 'domain', action: 'query' }, true],
      [[reader], { id: 'domain', action: 'delete' }, false],
      [[reader], { id: 'order' }, false],
      // A permission without actions opens its screen, but no button.
      [[billing], { id: 'order' }, true],
      [[billing], { id: 'order', action: 'query' }, false],
      [[reader, billing], { id: 'order' }, true],
      [[billing, reader], { id: 'domain', action: 'query' }, true],
      [[reader, billing], { id: 'domain', action: 'add' }, false],
      [[], { id: 'user' }, false],
    ];
    for (const [roles, required, expected] of table) {
      expect(hasPermission(roles, required), `${roles.map((r) => r.roleId)} ${JSON.stringify(required)}`).toBe(
        expected,
      );
    }
  });

  it('answers roles with their permissions and actions kept, and refuses an action or screen it does not know', () => {
    const role = { roleId: 'customer', permissions: [{ permissionId: 'domain', actionList: ['query', 'add'] }] };
    expect(RoleSchema.parse(role)).toEqual(role);
    const accepted = (permission: object) => RoleSchema.safeParse({ roleId: 'r', permissions: [permission] }).success;
    expect(accepted({ permissionId: 'domain', actionList: ['fly'] })).toBe(false);
    expect(accepted({ permissionId: 'nowhere', actionList: [] })).toBe(false);
  });
});
