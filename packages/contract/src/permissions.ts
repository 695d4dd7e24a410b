import { z } from 'zod';

/** The actions a permission can grant; a button names one of them (spec section 6). */
export const actions = ['add', 'delete', 'edit', 'query', 'get', 'enable', 'disable', 'import', 'export'] as const;
export type Action = (typeof actions)[number];

/** permissionIds of the customer's screens. The route table (web) and the API table (contract) both name them. */
export const permissionIds = [
  'user',
  'overview',
  'domain',
  'eodomain',
  'statistics',
  'preheat',
  'plan',
  'certificate',
  'msg',
  'log',
  'order',
  'key',
  'ticket',
] as const;
export type PermissionId = (typeof permissionIds)[number];

export const PermissionSchema = z.object({
  permissionId: z.enum(permissionIds),
  actionList: z.array(z.enum(actions)),
});
export type Permission = z.infer<typeof PermissionSchema>;

export const RoleSchema = z.object({
  roleId: z.string(),
  permissions: z.array(PermissionSchema),
});
export type Role = z.infer<typeof RoleSchema>;

export interface PermissionRequirement {
  id: PermissionId;
  action?: Action;
}

/** True when any of the roles grants the permission (and the action, when one is named). */
export function hasPermission(roles: readonly Role[], required: PermissionRequirement): boolean {
  return roles.some((role) =>
    role.permissions.some(
      (p) =>
        p.permissionId === required.id && (required.action === undefined || p.actionList.includes(required.action)),
    ),
  );
}

/** The default customer role: every customer screen with every action. New users get it at registration. */
export const defaultCustomerPermissions: Permission[] = permissionIds.map((permissionId) => ({
  permissionId,
  actionList: [...actions],
}));
