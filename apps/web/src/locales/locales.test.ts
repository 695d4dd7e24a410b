import { enUS } from '@edgeward/contract';
import { zhCN } from '@edgeward/contract/messages/zh-CN/index';
import { describe, expect, it } from 'vitest';
import { webEnUS } from './en-US';
import { webZhCN } from './zh-CN';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

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

  it('zh-CN covers every contract message of en-US, with the same placeholders', () => {
    check(enUS, zhCN);
  });

  it('web and contract keys do not collide', () => {
    const shared = Object.keys(webEnUS).filter((key) => Object.hasOwn(enUS, key));
    expect(shared).toEqual([]);
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
