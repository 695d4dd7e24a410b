export { I18nProvider, type I18nValue, useI18n } from './I18nProvider';
export {
  getLocale,
  i18nStore,
  initI18n,
  initialLocale,
  type Locale,
  loadConsoleTexts,
  setLocale,
  type TextKey,
  translate,
  withConsoleTexts,
} from './i18n-store';
