// @vitest-environment jsdom

import type { StaffDashboard, StaffMe } from '@edgeward/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Suspense } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/query';
import { loadConsoleTexts, setLocale } from '../../i18n';
import { staffSession } from '../../stores/staff-session';
import { Providers } from '../../test/dom';
import AdminConsole from './AdminConsole';

// The console's pages are drawn for the first time here, each module transformed on first use: on a busy two-core
// machine that took longer than the default second (a wait, not a retry: a page that never comes still fails).
configure({ asyncUtilTimeout: 10_000 });

const now = Date.UTC(2026, 10, 28, 4);

const me = (role: StaffMe['role'], capabilities: StaffMe['capabilities'], twoFactorExempt = false): StaffMe => ({
  id: 1,
  userName: 'alice',
  role,
  capabilities,
  twoFactorExempt,
  sessionExpiresAt: now + 3_600_000,
});

const dashboard: StaffDashboard = {
  customers: { total: 12, newToday: 2, newLast7Days: 5 },
  revenue: {
    paidOrders: { todayFen: '12345', last7DaysFen: '99900' },
    recharges: { todayFen: '0', last7DaysFen: '500' },
  },
  tickets: {
    waiting: 1,
    byUrgency: { consultation: 0, experience: 1, impact: 0, unavailable: 0 },
    oldest: [
      {
        id: 3,
        ticketNo: 'T-3',
        title: 'Cannot purge',
        urgency: 'experience',
        userName: 'bob',
        createdAt: now - 7_200_000,
      },
    ],
  },
  reviews: { realName: 4, wholeSiteDomains: 0 },
  bankTransfersWaiting: 1,
  edgeNodes: [],
  domainsAbnormal: 0,
  certificateApplicationsFailed: 3,
};

/** Answers the staff calls: the member, the dashboard; anything else 404. */
function serve(member: StaffMe) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    const data = path === '/api/admin/me' ? member : path === '/api/admin/dashboard' ? dashboard : undefined;
    const body = data ? { code: 200, message: 'ok', data } : { code: 404, message: 'Not found', data: null };
    return new Response(JSON.stringify(body), {
      status: data ? 200 : 404,
      headers: { 'content-type': 'application/json' },
    });
  });
}

function open(path: string) {
  // As the app's router has it (navigation/router.tsx): the console under a Suspense boundary of its own.
  const element = (
    <Suspense fallback="loading">
      <AdminConsole />
    </Suspense>
  );
  const router = createMemoryRouter([{ path: '/admin/*', element }], { initialEntries: [path] });
  render(
    <Providers>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </Providers>,
  );
  return router;
}

const menu = () => within(screen.getByTestId('admin-menu'));

/** jsdom matches no media query, so the console is drawn as on a phone: its menu is in the drawer. */
async function openMenu() {
  fireEvent.click(screen.getByTestId('admin-menu-toggle'));
  await screen.findByTestId('admin-menu');
}

beforeAll(async () => {
  await loadConsoleTexts();
});

afterEach(() => {
  vi.restoreAllMocks();
  staffSession.clear();
});

describe('the operator console', () => {
  it('sends a visitor without a staff token to the staff sign-in, back to the page afterwards', async () => {
    const router = open('/admin/staff');
    expect(await screen.findByRole('heading', { name: 'Staff sign-in' })).toBeTruthy();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      '/admin/login?redirect=%2Fadmin%2Fstaff',
    );
  });

  it('offers an admin every screen, and draws the dashboard', async () => {
    serve(me('admin', ['dashboard', 'staff', 'audit']));
    staffSession.setToken('staff-token');
    open('/admin');
    await screen.findByTestId('admin-dashboard');
    await openMenu();
    expect(
      menu()
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Dashboard', 'Staff', 'Audit log']);
    expect(screen.getByTestId('admin-dashboard-revenue').textContent).toContain('¥123.45');
    expect(screen.getByTestId('tickets-oldest').textContent).toContain('Cannot purge');
    expect(screen.queryByTestId('admin-two-factor-exempt')).toBeNull();
    expect(screen.getByTestId('admin-staff-badge').textContent).toBe('aliceAdmin');
  });

  it('hides what a role cannot do and answers its address with 403', async () => {
    serve(me('support', ['dashboard', 'tickets', 'messages', 'customers.read', 'simulation']));
    staffSession.setToken('staff-token');
    open('/admin/staff');
    expect(await screen.findByTestId('admin-403')).toBeTruthy();
    await openMenu();
    expect(
      menu()
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Dashboard', 'Tickets', 'Notices', 'Customers']);
  });

  it('warns on every page when the member signs in without two-factor, in both languages', async () => {
    serve(me('admin', ['dashboard', 'staff', 'audit'], true));
    staffSession.setToken('staff-token');
    open('/admin/nowhere');
    expect(await screen.findByTestId('admin-404')).toBeTruthy();
    expect(screen.getByTestId('admin-two-factor-exempt').textContent).toBe(
      'This demo admin signs in without two-factor authentication; this is allowed only on a demo installation on loopback.',
    );
    await openMenu();
    await act(() => setLocale('zh-CN'));
    await waitFor(() => expect(menu().getAllByRole('menuitem')[0]?.textContent).toBe('工作台'));
    expect(screen.getByTestId('admin-two-factor-exempt').textContent).toContain('演示管理员');
  });
});
