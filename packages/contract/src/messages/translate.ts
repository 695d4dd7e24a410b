import type { MessageKey } from './en-US';

export const locales = ['en-US', 'zh-CN'] as const;
export type Locale = (typeof locales)[number];
export type Catalogue = Record<MessageKey, string>;
export type MessageParams = Record<string, string | number>;

/** Formats a text with ICU arguments in the text's language; messages/icu.ts is the one implementation. */
export type IcuFormat = (text: string, params: MessageParams) => string;

const ICU_ARGUMENT = /\{\s*\w+\s*,\s*(?:plural|selectordinal|select)\s*,/;

/** Texts with plural or select arguments need the ICU formatter; all others only have `{name}` placeholders. */
export function isIcuMessage(text: string): boolean {
  return ICU_ARGUMENT.test(text);
}

/**
 * The formatting of every text, on the server and in the web. `{name}` placeholders are filled here; a text with
 * ICU arguments (`{n, plural, one {# day} other {# days}}`) goes through `icu`, which the web loads only with the
 * pages that show such texts, keeping intl-messageformat out of the login page. An unknown key is returned as it
 * is so that a missing text is visible, not blank.
 */
export function format(
  catalogue: Partial<Record<string, string>>,
  key: string,
  params?: MessageParams,
  icu?: IcuFormat,
): string {
  const text = (Object.hasOwn(catalogue, key) ? catalogue[key] : undefined) ?? key;
  if (!params) return text;
  return icu && isIcuMessage(text) ? icu(text, params) : fillPlaceholders(text, params);
}

/** `{name}` placeholders only; a name without a value stays as it is. */
export function fillPlaceholders(text: string, params: MessageParams): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
