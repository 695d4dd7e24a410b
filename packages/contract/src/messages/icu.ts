import { IntlMessageFormat } from 'intl-messageformat';
import type { IcuFormat, Locale } from './translate';

const compiled = new Map<string, IntlMessageFormat>();

/**
 * ICU MessageFormat (plurals by the language's own rules) for the texts that need it. Its own module: the web
 * imports it with the console's chunk, never with the login page. Each text is parsed once per language.
 */
export function icuFormat(locale: Locale): IcuFormat {
  return (text, params) => {
    const cacheKey = `${locale}\u0000${text}`;
    let message = compiled.get(cacheKey);
    if (!message) {
      message = new IntlMessageFormat(text, locale);
      compiled.set(cacheKey, message);
    }
    return String(message.format(params));
  };
}
