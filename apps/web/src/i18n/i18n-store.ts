import {
  enUSCore,
  fillPlaceholders,
  format,
  type IcuFormat,
  type Locale,
  type MessageKey,
  type MessageParams,
  pickLocale,
} from '@edgeward/contract';
import type { Locale as AntdLocale } from 'antd/es/locale';
import type { WebTextKey } from '../locales/en-US';
import { webEnUSCore } from '../locales/en-US/core';
import { loadOnce } from '../navigation/lazy-page';
import { createStore, storageOf } from '../stores/create-store';

/** Every text the web shows: its own texts plus the contract's validation and error messages. */
export type TextKey = WebTextKey | MessageKey;
/** Partial in en-US until the console's texts have arrived (loadConsoleTexts); an absent key shows as itself. */
type Catalogue = Partial<Record<TextKey, string>>;

export type { Locale };

export interface I18nState {
  locale: Locale;
  catalogue: Catalogue;
  /** undefined means antd's built-in en-US texts. */
  antdLocale: AntdLocale | undefined;
  /** The ICU formatters once i18n/icu.ts has arrived: the console's layout brings it, other pages on first need. */
  icu: Record<Locale, IcuFormat> | undefined;
}

const STORAGE_KEY = 'edgeward.locale';
// The sign-in screens' texts only: the console's (every area's, the contract's and the web's) come with the console.
let enCatalogue: Catalogue = { ...enUSCore, ...webEnUSCore };

export const i18nStore = createStore<I18nState>({
  locale: 'en-US',
  catalogue: enCatalogue,
  antdLocale: undefined,
  icu: undefined,
});

/** The stored choice wins; without one the browser decides. */
export function initialLocale(stored: string | null | undefined, language: string | undefined): Locale {
  if (stored === 'en-US' || stored === 'zh-CN') return stored;
  return pickLocale(language);
}

export function installIcu(icu: Record<Locale, IcuFormat>): void {
  i18nStore.set((state) => ({ ...state, icu }));
}

/** An ICU text met before i18n/icu.ts has arrived fetches it; the store then renders the text again, formatted. */
const icuPending: IcuFormat = (text, params) => {
  void import('./icu').then((module) => installIcu(module.icu));
  return fillPlaceholders(text, params);
};

/** A text in the state's language (contract `format`); an unknown key comes back as it is, visible, not blank. */
export function formatText(state: I18nState, key: string, params?: MessageParams): string {
  return format(state.catalogue, key, params, state.icu?.[state.locale] ?? icuPending);
}

/**
 * Translates in the current language. Typed keys get autocompletion; plain strings are accepted for keys that come
 * from data (a schema's message key, `errors.<ID>`).
 */
export function translate(key: TextKey | (string & {}), params?: MessageParams): string {
  return formatText(i18nStore.get(), key, params);
}

export function getLocale(): Locale {
  return i18nStore.get().locale;
}

let latest = 0;
/** The Chinese pack once fetched: it also switches dayjs, which has spoken English unless the pack changed it. */
let zhPack: typeof import('./zh-CN') | undefined;

async function apply(locale: Locale): Promise<void> {
  const request = ++latest;
  if (locale === 'en-US') {
    zhPack?.setDayjsLocale('en-US');
    i18nStore.set((state) => ({ ...state, locale, catalogue: enCatalogue, antdLocale: undefined }));
  } else {
    // Its own chunk: the Chinese pack (web, contract, antd, dayjs texts) is fetched only by those who choose it.
    const pack = await import('./zh-CN');
    zhPack = pack;
    // A later switch (a quick second click) wins over a pack that arrives late.
    if (request !== latest) return;
    pack.setDayjsLocale('zh-CN');
    i18nStore.set((state) => ({ ...state, locale, catalogue: pack.catalogue, antdLocale: pack.antdLocale }));
  }
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

/** Switches the language and remembers the choice. Resolves once the texts of that language are in place. */
export function setLocale(locale: Locale): Promise<void> {
  try {
    storageOf('local')?.setItem(STORAGE_KEY, locale);
  } catch {
    // Not persisted in a storage that refuses writes; the switch itself still happens.
  }
  return apply(locale);
}

/** Called once before the first render so that a zh-CN user never sees a flash of English. */
export function initI18n(): Promise<void> {
  const stored = storageOf('local')?.getItem(STORAGE_KEY);
  const locale = initialLocale(stored, typeof navigator === 'undefined' ? undefined : navigator.language);
  return apply(locale).catch(() => apply('en-US'));
}

/**
 * The console's texts (every area's): fetched once, with the console's layout, before any console page renders.
 * The Chinese pack carries all of its texts already; this completes the English catalogue, in force or not.
 */
export const loadConsoleTexts = loadOnce(async () => {
  const { consoleEnUS } = await import('../locales/en-US/console-texts');
  enCatalogue = consoleEnUS;
  i18nStore.set((state) => (state.locale === 'en-US' ? { ...state, catalogue: enCatalogue } : state));
});

/** A chunk that shows console texts (the console's layout, the sign-in's second-factor step): loaded with them. */
export function withConsoleTexts<T>(load: () => Promise<T>): () => Promise<T> {
  return async () => (await Promise.all([load(), loadConsoleTexts()]))[0];
}
