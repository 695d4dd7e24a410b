import type { MessageParams } from '@edgeward/contract';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { useStore } from '../stores/create-store';
import { formatText, type I18nState, i18nStore, type Locale, setLocale, type TextKey } from './i18n-store';

export interface I18nValue {
  locale: Locale;
  setLocale: (locale: Locale) => Promise<void>;
  t: (key: TextKey | (string & {}), params?: MessageParams) => string;
  antdLocale: I18nState['antdLocale'];
}

const I18nContext = createContext<I18nValue | null>(null);

export function I18nProvider({ children }: { children: ReactNode }) {
  const state = useStore(i18nStore);
  const value = useMemo<I18nValue>(
    () => ({
      locale: state.locale,
      setLocale,
      antdLocale: state.antdLocale,
      t: (key, params) => formatText(state, key, params),
    }),
    [state],
  );
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

/** The current language, its switch and `t(key, params?)` with `{name}` placeholders; re-renders on a switch. */
export function useI18n(): I18nValue {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18n must be used inside I18nProvider');
  return value;
}
