import { type StaffRole, staffCapabilities, staffRoleCapabilities, staffRoles } from '@edgeward/contract';
import { describe, expect, it } from 'vitest';
import { adminRoutes, pageAccess, routeOfPath, visibleRoutes } from './admin-routes';

const menuOf = (role: StaffRole) => visibleRoutes(adminRoutes, staffRoleCapabilities[role]).map((route) => route.path);

describe('the operator console menu', () => {
  it('shows an admin every screen, in the table order', () => {
    expect(menuOf('admin')).toEqual(['/admin', '/admin/staff', '/admin/audit']);
  });

  it('shows the other roles only what their capabilities open', () => {
    for (const role of ['support', 'finance', 'reviewer', 'operations'] as const) {
      expect(menuOf(role), role).toEqual(['/admin']);
    }
    expect(visibleRoutes(adminRoutes, ['dashboard', 'audit']).map((route) => route.path)).toEqual([
      '/admin',
      '/admin/audit',
    ]);
    expect(visibleRoutes(adminRoutes, [])).toEqual([]);
  });

  it('names only capabilities the contract knows, each page once', () => {
    for (const route of adminRoutes) expect(staffCapabilities).toContain(route.capability);
    expect(new Set(adminRoutes.map((route) => route.path)).size).toBe(adminRoutes.length);
    // Every role can open the start page it lands on after signing in.
    for (const role of staffRoles) expect(menuOf(role)[0], role).toBe('/admin');
  });
});

describe('what a path shows', () => {
  it('finds the entry of a path, with or without a trailing slash', () => {
    expect(routeOfPath(adminRoutes, '/admin')?.title).toBe('admin.menu.dashboard');
    expect(routeOfPath(adminRoutes, '/admin/')?.title).toBe('admin.menu.dashboard');
    expect(routeOfPath(adminRoutes, '/admin/staff/')?.title).toBe('admin.menu.staff');
    expect(routeOfPath(adminRoutes, '/admin/staff/7')).toBeUndefined();
    expect(routeOfPath(adminRoutes, '/admin/nothing')).toBeUndefined();
  });

  it('is the page for a role that holds its capability, 403 for one that does not, 404 for no entry', () => {
    const staff = routeOfPath(adminRoutes, '/admin/staff');
    expect(pageAccess(staff, staffRoleCapabilities.admin)).toBe('page');
    expect(pageAccess(staff, staffRoleCapabilities.support)).toBe('forbidden');
    expect(pageAccess(routeOfPath(adminRoutes, '/admin/audit'), staffRoleCapabilities.finance)).toBe('forbidden');
    expect(pageAccess(routeOfPath(adminRoutes, '/admin'), staffRoleCapabilities.operations)).toBe('page');
    expect(pageAccess(undefined, staffRoleCapabilities.admin)).toBe('notFound');
  });
});
