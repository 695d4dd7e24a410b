// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bindNavigate } from '../navigation/navigate';
import { staffLanding, staffLoginPath, staffSession } from './staff-session';

afterEach(() => {
  staffSession.clear();
  window.history.replaceState(null, '', '/');
});

describe('staff session', () => {
  it('keeps its token for this tab only, apart from the customer’s', () => {
    window.localStorage.setItem('edgeward.token', 'customer');
    staffSession.setToken('staff');
    expect(staffSession.getToken()).toBe('staff');
    expect(window.sessionStorage.getItem('edgeward.staffToken')).toBe('staff');
    expect(window.localStorage.getItem('edgeward.staffToken')).toBeNull();
    staffSession.clear();
    expect(staffSession.getToken()).toBeNull();
    expect(window.sessionStorage.getItem('edgeward.staffToken')).toBeNull();
    expect(window.localStorage.getItem('edgeward.token')).toBe('customer');
  });

  it('sends an ended session to the staff sign-in, back to the page afterwards, but not from the sign-in itself', () => {
    const navigate = vi.fn();
    bindNavigate(navigate);
    window.history.replaceState(null, '', '/admin/audit?page=2');
    staffSession.signIn();
    expect(navigate).toHaveBeenCalledWith(staffLoginPath('/admin/audit?page=2'), { replace: true });
    expect(staffLoginPath('/admin/audit?page=2')).toBe('/admin/login?redirect=%2Fadmin%2Faudit%3Fpage%3D2');
    navigate.mockClear();
    window.history.replaceState(null, '', '/admin/login');
    staffSession.signIn();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('lands a sign-in on the wanted page of the operator console only', () => {
    expect(staffLanding('/admin/staff')).toBe('/admin/staff');
    expect(staffLanding('/admin?x=1')).toBe('/admin?x=1');
    expect(staffLanding(null)).toBe('/admin');
    expect(staffLanding('/domain')).toBe('/admin');
    expect(staffLanding('/administrator')).toBe('/admin');
    expect(staffLanding('//evil.example/admin')).toBe('/admin');
    expect(staffLanding('https://evil.example/admin')).toBe('/admin');
    expect(staffLanding('/admin/login?redirect=/admin')).toBe('/admin');
  });
});
