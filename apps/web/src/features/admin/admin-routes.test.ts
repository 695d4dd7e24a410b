import { type StaffRole, staffCapabilities, staffRoleCapabilities, staffRoles } from '@edgeward/contract';
import { describe, expect, it } from 'vitest';
import { adminRoutes, menuKeyOf, pageAccess, routeOfPath, visibleRoutes } from './admin-routes';

const menuOf = (role: StaffRole) => visibleRoutes(adminRoutes, staffRoleCapabilities[role]).map((route) => route.path);

describe('the operator console menu', () => {
  it('shows an admin every screen, in the table order', () => {
    expect(menuOf('admin')).toEqual(adminRoutes.filter((route) => !route.activeMenu).map((route) => route.path));
    expect(menuOf('admin').slice(0, 5)).toEqual([
      '/admin',
      '/admin/staff',
      '/admin/audit',
      '/admin/tickets',
      '/admin/reviews',
    ]);
  });

  it('keeps a page reached from another out of the menu, with that entry selected', () => {
    const ticket = routeOfPath(adminRoutes, '/admin/tickets/12');
    expect(ticket?.title).toBe('adminDesk.menu.ticket');
    expect(menuOf('admin')).not.toContain('/admin/tickets/:id');
    expect(menuKeyOf(ticket)).toBe('/admin/tickets');
    expect(menuKeyOf(routeOfPath(adminRoutes, '/admin/tickets'))).toBe('/admin/tickets');
    expect(menuKeyOf(undefined)).toBeUndefined();
    expect(pageAccess(ticket, staffRoleCapabilities.support)).toBe('page');
    expect(pageAccess(ticket, staffRoleCapabilities.reviewer)).toBe('forbidden');
  });

  it('shows the other roles only what their capabilities open', () => {
    expect(menuOf('support')).toEqual(['/admin', '/admin/tickets', '/admin/notices', '/admin/customers']);
    expect(menuOf('reviewer')).toEqual(['/admin', '/admin/reviews', '/admin/customers']);
    expect(menuOf('finance')).toEqual(['/admin', '/admin/finance', '/admin/customers']);
    expect(menuOf('operations')).toEqual(['/admin', '/admin/edge']);
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
