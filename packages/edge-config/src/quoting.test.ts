// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the expected texts are nginx's ${name} variables
import { describe, expect, it } from 'vitest';
import { quote, quoteLiteral, regexEscape, userAgentRuleRegex } from './quoting';

describe('quote', () => {
  it.each([
    ['plain', '"plain"'],
    ['say "hi"', '"say \\"hi\\""'],
    ['back\\slash', '"back\\\\slash"'],
    ['costs $5', '"costs ${ew_dollar}5"'],
    ['${host}', '"${ew_dollar}{host}"'],
    ['a; b { c }', '"a; b { c }"'],
    ['line\r\nbreak\ttab', '"linebreak\ttab"'],
  ])('%j -> %s', (value, expected) => {
    expect(quote(value)).toBe(expected);
  });

  it('leaves "$" alone where nginx takes the value literally', () => {
    expect(quoteLiteral('~*^a\\.b$')).toBe('"~*^a\\\\.b$"');
  });
});

describe('regexes', () => {
  it('escapes every PCRE operator', () => {
    expect(new RegExp(`^${regexEscape('a.b*c+(d)[e]{f}|g?h^$\\')}$`).test('a.b*c+(d)[e]{f}|g?h^$\\')).toBe(true);
  });

  it("reads a UA rule with '*' as the only wildcard, over the whole user agent", () => {
    const regex = new RegExp(userAgentRuleRegex('Mozilla/5.0 (X11; *) Firefox*'), 'i');
    expect(regex.test('mozilla/5.0 (X11; Linux x86_64) Firefox/120.0')).toBe(true);
    expect(regex.test('xMozilla/5.0 (X11; Linux) Firefox/1')).toBe(false);
    expect(regex.test('Mozilla/5.0 (X11; Linux) Chrome/1')).toBe(false);
    expect(new RegExp(userAgentRuleRegex('curl'), 'i').test('curl/8.5.0')).toBe(false);
  });
});
