export { I18nProvider, useI18n } from './I18nProvider';
export {
  initI18n,
  type Locale,
  loadConsoleTexts,
  setLocale,
  type TextKey,
  withConsoleTexts,
} from './i18n-store';
