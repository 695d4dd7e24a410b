import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { enUS } from './en-US/index';
import { icuFormat } from './icu';
import { format, isIcuMessage } from './translate';
import { zhCN } from './zh-CN/index';

const catalogue = {
  days: '{n, plural, one {# day} other {# days}} left for {name}',
  hello: 'Hello {name}, {missing}',
};

describe('format', () => {
  it('fills placeholders and leaves unknown ones visible', () => {
    expect(format(catalogue, 'hello', { name: 'Ann' })).toBe('Hello Ann, {missing}');
  });

  it('answers an unknown key as itself, also one on the object prototype', () => {
    expect(format(catalogue, 'errors.NOPE')).toBe('errors.NOPE');
    expect(format(catalogue, 'constructor', { n: 1 })).toBe('constructor');
  });

  it('formats plurals by the rules of the language', () => {
    const en = icuFormat('en-US');
    expect(format(catalogue, 'days', { n: 1, name: 'a.com' }, en)).toBe('1 day left for a.com');
    expect(format(catalogue, 'days', { n: 0, name: 'a.com' }, en)).toBe('0 days left for a.com');
    expect(format(catalogue, 'days', { n: 1000, name: 'a.com' }, en)).toBe('1,000 days left for a.com');
    expect(format({ days: '{n, plural, other {# 天}}' }, 'days', { n: 1 }, icuFormat('zh-CN'))).toBe('1 天');
  });

  it('sends only texts with plural or select arguments to the ICU formatter', () => {
    expect(isIcuMessage(catalogue.days)).toBe(true);
    expect(isIcuMessage('{kind, select, a {A} other {B}}')).toBe(true);
    expect(isIcuMessage(catalogue.hello)).toBe(false);
    // A plain text is not parsed as ICU, where an apostrophe or a lone brace would mean something else.
    const never = () => {
      throw new Error('not an ICU text');
    };
    expect(format({ t: "It's {name}'s turn" }, 't', { name: 'Ann' }, never)).toBe("It's Ann's turn");
  });

  it('has only ICU texts that compile, in both languages', () => {
    for (const [locale, messages] of [
      ['en-US', enUS],
      ['zh-CN', zhCN],
    ] as const) {
      for (const text of Object.values(messages).filter(isIcuMessage)) {
        expect(() => new IntlMessageFormat(text, locale), text).not.toThrow();
      }
    }
  });

  it('writes the code mail with a plural of minutes', () => {
    const en = icuFormat('en-US');
    expect(format(enUS, 'account.mail.code.text', { code: '012345', minutes: 1 }, en)).toContain(
      'Your verification code is 012345. It is valid for 1 minute.',
    );
    expect(format(enUS, 'account.mail.code.text', { code: '012345', minutes: 10 }, en)).toContain(
      'valid for 10 minutes.',
    );
  });
});
