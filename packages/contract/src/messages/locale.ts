import type { Locale } from './translate';

/**
 * The caller's language, the same on the server and in the web: the first of an Accept-Language header (preferred
 * first; its q-values only order the rest) or of the browser's languages. Any zh* tag means zh-CN, everything else
 * en-US (spec section 9).
 */
export function pickLocale(languages: string | readonly string[] | null | undefined): Locale {
  const first = typeof languages === 'string' ? languages.split(',')[0] : languages?.[0];
  return first?.trim().toLowerCase().startsWith('zh') ? 'zh-CN' : 'en-US';
}
