import { enUS, isIcuMessage, staffAuditActions } from '@edgeward/contract';
import { icuFormat } from '@edgeward/contract/messages/icu';
import { zhCN } from '@edgeward/contract/messages/zh-CN/index';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { webEnUS } from './en-US';
import { adminEnUS } from './en-US/admin';
import { adminCustomerEnUS } from './en-US/admin-customer';
import { adminEdgeEnUS } from './en-US/admin-edge';
import { adminNoticeEnUS } from './en-US/admin-notice';
import { webZhCN } from './zh-CN';
import { adminZhCN } from './zh-CN/admin';
import { adminCustomerZhCN } from './zh-CN/admin-customer';
import { adminEdgeZhCN } from './zh-CN/admin-edge';
import { adminNoticeZhCN } from './zh-CN/admin-notice';

/** Argument names, plain (`{n}`) or ICU (`{n, plural, ...}`): a plural in one language may be plain in the other. */
const placeholders = (text: string) => [...new Set([...text.matchAll(/\{\s*(\w+)\s*[,}]/g)].map((m) => m[1]))].sort();

function check(en: Record<string, string>, zh: Record<string, string>) {
  const missing = Object.keys(en).filter((key) => !Object.hasOwn(zh, key) || !zh[key]?.trim());
  expect(missing, 'zh-CN lacks these keys').toEqual([]);
  const extra = Object.keys(zh).filter((key) => !Object.hasOwn(en, key));
  expect(extra, 'zh-CN has keys en-US does not').toEqual([]);
  const mismatched = Object.keys(en).filter(
    (key) => zh[key] && placeholders(en[key]!).join() !== placeholders(zh[key]!).join(),
  );
  expect(mismatched, 'placeholders differ').toEqual([]);
}

describe('locales', () => {
  it('zh-CN covers every web text of en-US, with the same placeholders', () => {
    check(webEnUS, webZhCN);
  });

  it('zh-CN covers every text of the operator console (its own catalogue), with the same placeholders', () => {
    check(adminEnUS, adminZhCN);
  });

  it('zh-CN covers every text of the operator console’s edge desk, with the same placeholders', () => {
    check(adminEdgeEnUS, adminEdgeZhCN);
  });

  it('zh-CN covers every text of the notices desk, with the same placeholders, keys of its own and ICU that compiles', () => {
    check(adminNoticeEnUS, adminNoticeZhCN);
    const taken = Object.keys(adminNoticeEnUS).filter(
      (key) => Object.hasOwn(enUS, key) || Object.hasOwn(webEnUS, key) || Object.hasOwn(adminEnUS, key),
    );
    expect(taken).toEqual([]);
    for (const [locale, messages] of [
      ['en-US', adminNoticeEnUS],
      ['zh-CN', adminNoticeZhCN],
    ] as const) {
      for (const text of Object.values(messages).filter(isIcuMessage)) {
        expect(() => new IntlMessageFormat(text, locale), text).not.toThrow();
      }
    }
    expect(icuFormat('en-US')(adminNoticeEnUS['adminNotice.sent'], { count: 1 })).toBe(
      'The notice was sent to 1 customer',
    );
  });

  it('zh-CN covers every text of the customers desk, with the same placeholders and keys of its own', () => {
    check(adminCustomerEnUS, adminCustomerZhCN);
    const taken = Object.keys(adminCustomerEnUS).filter(
      (key) => Object.hasOwn(enUS, key) || Object.hasOwn(webEnUS, key) || Object.hasOwn(adminEnUS, key),
    );
    expect(taken).toEqual([]);
  });

  it('labels every action the staff audit log records (an area that adds one adds its label)', () => {
    const unlabelled = staffAuditActions.filter((action) => !Object.hasOwn(adminEnUS, `admin.audit.action.${action}`));
    expect(unlabelled).toEqual([]);
  });

  it('zh-CN covers every contract message of en-US, with the same placeholders', () => {
    check(enUS, zhCN);
  });

  it('has only ICU texts that compile, and English plurals where a count can be 1', () => {
    for (const [locale, messages] of [
      ['en-US', webEnUS],
      ['zh-CN', webZhCN],
      ['en-US', adminEnUS],
      ['zh-CN', adminZhCN],
    ] as const) {
      for (const text of Object.values(messages).filter(isIcuMessage)) {
        expect(() => new IntlMessageFormat(text, locale), text).not.toThrow();
      }
    }
    const en = (key: keyof typeof webEnUS, params: Record<string, number>) => icuFormat('en-US')(webEnUS[key], params);
    expect(en('domain.cache.unitCount.days', { n: 1 })).toBe('1 day');
    expect(en('domain.cache.unitCount.seconds', { n: 2 })).toBe('2 seconds');
    expect(en('domain.https.certExpiring', { days: 1 })).toBe('Expires in 1 day');
    expect(en('common.total', { total: 1 })).toBe('1 item in total');
    expect(en('layout.header.unread', { count: 1 })).toBe('You have 1 unread message');
    expect(en('domain.rateLimit.presetValue', { limit: 1, periodSeconds: 10 })).toBe('1 request / 10 s');
    expect(en('domain.create.limitHint', { max: 1 })).toMatch(/^An account can hold up to 1 domain\. /);
  });

  it('web and contract keys do not collide, nor the operator console’s with either', () => {
    const shared = Object.keys(webEnUS).filter((key) => Object.hasOwn(enUS, key));
    expect(shared).toEqual([]);
    const admin = Object.keys(adminEnUS).filter((key) => Object.hasOwn(enUS, key) || Object.hasOwn(webEnUS, key));
    expect(admin).toEqual([]);
  });

  it('has the spec texts verbatim', () => {
    expect(webZhCN['layout.tabs.lastTab']).toBe('这是最后一个标签了, 无法被关闭');
    expect(webZhCN['layout.tabs.noLeft']).toBe('左侧没有标签');
    expect(webZhCN['layout.tabs.noRight']).toBe('右侧没有标签');
    expect(webEnUS['layout.logout.confirm']).toBe('Are you sure you want to log out?');
    expect(webZhCN['layout.logout.confirm']).toBe('确定要退出登录吗？');
    expect(webEnUS['request.loginFirst']).toBe('Please log in first');
    expect(webEnUS['request.networkError']).toBe('Network error');
    expect(webEnUS['request.timeout']).toBe('API request timed out');
    expect(webEnUS['request.systemError']).toBe('System API exception');
    expect(webEnUS['request.forbidden']).toBe('Forbidden');
    expect(webEnUS['request.unauthorized']).toBe('Unauthorized');
    expect(webEnUS['request.unauthorizedDescription']).toBe('Authorization verification failed');
  });
});
