import type { Locale } from './i18n-store';

/** Each language is named in itself, so that anyone can find their own. */
export const languageNames: Record<Locale, string> = { 'zh-CN': '简体中文', 'en-US': 'English' };
