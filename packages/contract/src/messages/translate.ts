import { enUS, type MessageKey } from './en-US';

export const locales = ['en-US', 'zh-CN'] as const;
export type Locale = (typeof locales)[number];
export type Catalogue = Record<MessageKey, string>;
export type MessageParams = Record<string, string | number>;

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(enUS, key);
}

/** Any zh* language tag means zh-CN, everything else en-US (spec section 9 and the reading). */
export function pickLocale(acceptLanguage: string | undefined | null): Locale {
  const first = (acceptLanguage ?? '').split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('zh') ? 'zh-CN' : 'en-US';
}

/** Fills `{name}` placeholders; an unknown key is returned as it is so that a missing text is visible, not blank. */
export function format(catalogue: Catalogue, key: string, params?: MessageParams): string {
  const text = isMessageKey(key) ? catalogue[key] : key;
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
