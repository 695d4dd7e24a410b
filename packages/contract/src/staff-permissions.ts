/**
 * The operator console's roles (issue 28). Staff are not customers: their own accounts, their own sessions, and a
 * fixed set of capabilities per role. A staff route names the one capability it needs (RouteDef.staffPermission);
 * the server enforces it and the console hides what a role lacks.
 */
export const staffRoles = ['admin', 'support', 'finance', 'reviewer', 'operations'] as const;
export type StaffRole = (typeof staffRoles)[number];

/** What a staff route can require. `dashboard` is every role's start page. */
export const staffCapabilities = [
  'dashboard',
  'staff',
  'audit',
  'customers.read',
  'customers.manage',
  'simulation',
  'tickets',
  'messages',
  'orders',
  'refunds',
  'transfers',
  'packages',
  'statements',
  'reviews',
  'ownership',
  'edge',
  'republish',
  'trafficImport',
] as const;
export type StaffCapability = (typeof staffCapabilities)[number];

export const staffRoleCapabilities: Record<StaffRole, readonly StaffCapability[]> = {
  admin: staffCapabilities,
  support: ['dashboard', 'tickets', 'messages', 'customers.read', 'simulation'],
  finance: ['dashboard', 'customers.read', 'orders', 'refunds', 'transfers', 'packages', 'statements'],
  reviewer: ['dashboard', 'customers.read', 'reviews', 'ownership'],
  operations: ['dashboard', 'edge', 'republish', 'trafficImport'],
};

export function hasStaffCapability(role: StaffRole, required: StaffCapability): boolean {
  return staffRoleCapabilities[role].includes(required);
}
