import { describe, expect, it } from 'vitest';
import { redactUrl } from './request-log';

describe('redactUrl', () => {
  it.each([
    ['/api/user/simulation/abcDEF-123_x', '/api/user/simulation/[redacted]'],
    ['/user/login/abcDEF-123_x', '/user/login/[redacted]'],
    ['/user/login/abc?lang=en', '/user/login/[redacted]?lang=en'],
    ['/user/reset-password?token=abc%2Bdef', '/user/reset-password?token=[redacted]'],
    ['/user/reset-password?lang=en&token=abc&x=1', '/user/reset-password?lang=en&token=[redacted]&x=1'],
    ['/user/reset-password?TOKEN=abc#top', '/user/reset-password?TOKEN=[redacted]#top'],
    ['/API/User/Simulation/abc', '/API/User/Simulation/[redacted]'],
  ])('redacts %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });

  it.each([
    '/api/user/login',
    '/user/login',
    '/api/domain/list?page=2&size=20&domainName=token',
    '/api/domain/config/3/origin',
    '/user/reset-password',
  ])('leaves %s as it is', (url) => {
    expect(redactUrl(url)).toBe(url);
  });
});
