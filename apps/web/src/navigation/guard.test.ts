import { describe, expect, it } from 'vitest';
import { decideGuard, isPublicPath } from './guard';
import { loginPath, safeRedirect } from './navigate';

const guard = (pathname: string, hasToken: boolean, profileLoaded = false, search = '') =>
  decideGuard({ pathname, search, hasToken, profileLoaded });

describe('navigation guard', () => {
  it('sends a newcomer at / to /user/login?redirect=%2F', () => {
    expect(guard('/', false)).toEqual({ type: 'redirect', to: '/user/login?redirect=%2F' });
  });

  it('keeps the wanted path with its search in the redirect', () => {
    expect(guard('/domain', false, false, '?page=2')).toEqual({
      type: 'redirect',
      to: `/user/login?redirect=${encodeURIComponent('/domain?page=2')}`,
    });
    expect(guard('/404', false)).toEqual({ type: 'redirect', to: '/user/login?redirect=%2F404' });
  });

  it('lets anonymous users reach login, simulation login, register, its result, forgot and reset password', () => {
    for (const path of [
      '/user/login',
      '/user/login/abc123',
      '/user/register',
      '/user/register-result',
      '/user/forgot-password',
      '/user/reset-password',
      '/user/login/',
    ]) {
      expect(guard(path, false)).toEqual({ type: 'render', refreshUnread: false });
    }
  });

  it('sends a signed-in user from /user/login to /', () => {
    expect(guard('/user/login', true, true)).toEqual({ type: 'redirect', to: '/' });
    expect(guard('/user/login', true, false, '?redirect=%2Fdomain')).toEqual({ type: 'redirect', to: '/domain' });
    expect(guard('/user/login', true, false, '?redirect=https%3A%2F%2Fevil.example')).toEqual({
      type: 'redirect',
      to: '/',
    });
  });

  it('lets a simulation link replace a session', () => {
    expect(guard('/user/login/tok', true, true)).toEqual({ type: 'render', refreshUnread: false });
  });

  it('loads the user info first, then renders and refreshes the unread count', () => {
    expect(guard('/domain', true, false)).toEqual({ type: 'loadProfile' });
    expect(guard('/domain', true, true)).toEqual({ type: 'render', refreshUnread: true });
  });

  it('knows the public pages', () => {
    expect(isPublicPath('/user/register')).toBe(true);
    expect(isPublicPath('/user/registerx')).toBe(false);
    expect(isPublicPath('/account/settings')).toBe(false);
  });
});

describe('redirect targets', () => {
  it('follows same-site paths only', () => {
    expect(safeRedirect('/domain?x=1')).toBe('/domain?x=1');
    expect(safeRedirect('//evil.example')).toBe('/');
    expect(safeRedirect('https://evil.example')).toBe('/');
    expect(safeRedirect('/\\evil.example')).toBe('/');
    expect(safeRedirect(null)).toBe('/');
    expect(safeRedirect('', '/eo')).toBe('/eo');
  });

  it('builds the login address', () => {
    expect(loginPath('/msg?tab=unread')).toBe('/user/login?redirect=%2Fmsg%3Ftab%3Dunread');
  });
});
