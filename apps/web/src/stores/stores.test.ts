import { describe, expect, it, vi } from 'vitest';
import { initialLocale } from '../i18n/i18n-store';
import { ChunkLoadTimeoutError, withTimeout } from '../navigation/lazy-page';
import { defaultSettings, parseSettings } from './settings';
import { refreshUnreadCount, unreadStore } from './unread';

describe('settings', () => {
  it('defaults to the dark theme with multiple tabs', () => {
    expect(parseSettings(undefined)).toEqual(defaultSettings);
    expect(defaultSettings.theme).toBe('dark');
    expect(defaultSettings.multiTab).toBe(true);
  });

  it('keeps valid stored fields and replaces broken ones', () => {
    const parsed = parseSettings({
      theme: 'light',
      layout: 'weird',
      primaryColor: 'red',
      multiTab: false,
      weakMode: 'yes',
    });
    expect(parsed).toEqual({ ...defaultSettings, theme: 'light', multiTab: false });
    expect(parseSettings({ primaryColor: '#722ED1' }).primaryColor).toBe('#722ED1');
  });
});

describe('language', () => {
  it('lets the browser decide when nothing is stored: any zh is zh-CN', () => {
    expect(initialLocale(null, 'zh-TW')).toBe('zh-CN');
    expect(initialLocale(undefined, 'zh')).toBe('zh-CN');
    expect(initialLocale(null, 'de-DE')).toBe('en-US');
    expect(initialLocale(null, undefined)).toBe('en-US');
  });

  it('prefers the stored choice', () => {
    expect(initialLocale('en-US', 'zh-CN')).toBe('en-US');
    expect(initialLocale('zh-CN', 'en-GB')).toBe('zh-CN');
    expect(initialLocale('fr-FR', 'en-GB')).toBe('en-US');
  });
});

describe('chunk load time-out', () => {
  it('rejects a load that has not settled in time', async () => {
    vi.useFakeTimers();
    try {
      const load = withTimeout(() => new Promise<never>(() => undefined), 120_000);
      const result = load().catch((error: unknown) => error);
      await vi.advanceTimersByTimeAsync(120_000);
      expect(await result).toBeInstanceOf(ChunkLoadTimeoutError);
    } finally {
      vi.useRealTimers();
    }
  });

  it('passes a timely load and its failure through', async () => {
    await expect(withTimeout(async () => 'page', 1000)()).resolves.toBe('page');
    await expect(withTimeout(async () => Promise.reject(new Error('404')), 1000)()).rejects.toThrow('404');
  });
});

describe('unread count', () => {
  it('takes the count of GET /notice/unread_count and keeps the last one when a refresh fails', async () => {
    const answer = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(answer({ code: 200, message: 'ok', data: 3 }));
    expect(unreadStore.get()).toBe(0);
    await refreshUnreadCount();
    expect(unreadStore.get()).toBe(3);
    expect(String(fetch.mock.calls[0]?.[0])).toContain('/api/notice/unread_count');
    fetch.mockResolvedValueOnce(
      answer({ code: 500, message: 'System API exception', data: null, error: 'INTERNAL' }, 500),
    );
    await refreshUnreadCount();
    expect(unreadStore.get()).toBe(3);
    fetch.mockRestore();
  });
});
