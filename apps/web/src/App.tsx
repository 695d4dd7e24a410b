import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import type { Locale as AntdLocale } from 'antd/es/locale';
import { useEffect, useMemo, useRef } from 'react';
import { RouterProvider } from 'react-router';
import { queryClient } from './api/query';
import { FeedbackProvider } from './components/FeedbackProvider';
import { I18nProvider, useI18n } from './i18n';
import { createAppRouter } from './navigation/router';
import { useSettings } from './stores/settings';
import { usePrefersReducedMotion } from './theme/reduced-motion';
import { consoleTheme } from './theme/theme-config';

const router = createAppRouter();

/**
 * English as antd's locale: its texts are antd's defaults, so the object only needs a name. It is never left out:
 * ConfigProvider wraps its children in a LocaleProvider only when given a locale, so a switch between none and one
 * changed the tree's shape and remounted the whole app, and every form lost what had been typed.
 */
const englishAntdLocale: AntdLocale = { locale: 'en' };

/**
 * Some answers carry texts in the caller's language (package and product names, failure reasons): after a switch
 * they are fetched again, in the new language. What is on screen stays until the new answer replaces it. A query
 * whose every fetch makes something new (a captcha) says `refetchOnLanguageSwitch: false` in its meta.
 */
function useServerTextsInLanguage(locale: string) {
  const shown = useRef(locale);
  useEffect(() => {
    if (shown.current === locale) return;
    shown.current = locale;
    void queryClient.invalidateQueries({ predicate: (query) => query.meta?.refetchOnLanguageSwitch !== false });
  }, [locale]);
}

function Themed() {
  const { antdLocale, locale } = useI18n();
  useServerTextsInLanguage(locale);
  const settings = useSettings();
  const dark = settings.theme === 'dark';

  useEffect(() => {
    const root = document.documentElement;
    root.dataset.theme = settings.theme;
    root.style.colorScheme = dark ? 'dark' : 'light';
    // Weak mode (spec section 3): the whole page through an 80 % inversion.
    root.style.filter = settings.weakMode ? 'invert(80%)' : '';
  }, [settings.theme, settings.weakMode, dark]);

  const reducedMotion = usePrefersReducedMotion();
  const themeConfig = useMemo(
    () => consoleTheme(dark, settings.primaryColor, reducedMotion),
    [dark, settings.primaryColor, reducedMotion],
  );

  return (
    <ConfigProvider locale={antdLocale ?? englishAntdLocale} theme={themeConfig}>
      <FeedbackProvider>
        <RouterProvider router={router} />
      </FeedbackProvider>
    </ConfigProvider>
  );
}

/** Providers: i18n, antd (theme, locale, feedback), the query cache, the router. */
export function App() {
  return (
    <I18nProvider>
      <QueryClientProvider client={queryClient}>
        <Themed />
      </QueryClientProvider>
    </I18nProvider>
  );
}
