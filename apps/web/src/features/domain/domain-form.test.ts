import { enUS, originIpOrDomainSchema, RequestLimitsSchema, splitLines, UrlAuthKeySchema } from '@edgeward/contract';
import type { FormInstance } from 'antd';
import type { RuleObject } from 'antd/es/form';
import { describe, expect, it } from 'vitest';
import type { Translate } from '../../lib/form';
import { domain } from '../../locales/en-US/domain';
import { applyConfigErrors, bodyRule, configFailureText, issueAt, randomAlphanumeric, sameValues } from './domain-form';

const catalogue: Record<string, string> = { ...enUS, ...domain };
const t: Translate = (key, params) =>
  (catalogue[key] ?? key).replace(/\{(\w+)\}/g, (whole, name: string) => String(params?.[name] ?? whole));

function fakeForm(values: Record<string, unknown>) {
  const set: { name: (string | number)[]; errors: string[] }[] = [];
  const form = {
    getFieldsValue: () => values,
    setFields: (fields: typeof set) => set.push(...fields),
  } as unknown as FormInstance;
  return { form, set };
}

describe('issueAt', () => {
  it('names the line of a refused list entry', () => {
    const schema = originIpOrDomainSchema();
    expect(issueAt(schema, ['203.0.113.1', '10.0.0.1'], [], t)).toBe("Line 2: Please don't enter an internal IP");
    expect(issueAt(schema, ['203.0.113.1'], [], t)).toBeUndefined();
  });

  it('reads only the issues at or under the path, or exactly at it when asked', () => {
    const body = { status: 'on', rules: [] };
    expect(issueAt(RequestLimitsSchema, body, ['rules'], t, 'line', true)).toBe('Input cannot be empty');
    const rows = { status: 'on', rules: [{ type: 'path', content: 'api', periodSeconds: 10, limit: 200 }] };
    expect(issueAt(RequestLimitsSchema, rows, ['rules'], t, 'line', true)).toBeUndefined();
    expect(issueAt(RequestLimitsSchema, rows, ['rules', 0, 'content'], t)).toBe('A path must start with /');
  });
});

describe('bodyRule', () => {
  it('validates a field against the whole body the form would send', async () => {
    const { form } = fakeForm({ ipOrDomain: '203.0.113.1\n203.0.113.1' });
    const rule = bodyRule<{ ipOrDomain: string }>(
      originIpOrDomainSchema(),
      [],
      (v) => splitLines(v.ipOrDomain),
      t,
    )(form) as RuleObject;
    await expect(rule.validator?.(rule, undefined, () => undefined)).rejects.toThrow(
      'Line 2: IP addresses cannot be repeated',
    );
  });
});

describe('applyConfigErrors', () => {
  it('puts the error of a list entry on the text field with its line', () => {
    const { form, set } = fakeForm({ ipOrDomain: 'a\nb', httpPort: 80 });
    const error = { error: 'VALIDATION_FAILED', message: 'x', fields: { 'ipOrDomain.1': 'Bad', httpPort: 'Port' } };
    expect(applyConfigErrors(form, error, t, ['ipOrDomain'])).toBe(true);
    expect(set).toEqual([
      { name: ['ipOrDomain'], errors: ['Line 2: Bad'] },
      { name: ['httpPort'], errors: ['Port'] },
    ]);
  });
});

describe('configFailureText', () => {
  it("says 'Configuration failed', with the reason unless the fields show it", () => {
    const addon = { error: 'ADDON_REQUIRED', message: 'This is a paid add-on, please purchase it first' };
    expect(configFailureText(addon, t, false)).toBe(
      'Configuration failed: This is a paid add-on, please purchase it first',
    );
    const invalid = { error: 'VALIDATION_FAILED', message: 'Check', fields: { certificate: 'Upload one' } };
    expect(configFailureText(invalid, t, true)).toBe('Configuration failed');
    expect(configFailureText(invalid, t, false)).toBe('Configuration failed: Upload one');
    expect(configFailureText(new Error('boom'), t, false)).toBe('Configuration failed');
  });
});

describe('helpers', () => {
  it('compares plain values structurally', () => {
    expect(sameValues({ a: [1, { b: 'x' }] }, { a: [1, { b: 'x' }] })).toBe(true);
    expect(sameValues({ a: [1] }, { a: [1, 2] })).toBe(false);
    expect(sameValues({ a: null }, { a: undefined })).toBe(false);
  });

  it('generates URL-auth keys the contract accepts', () => {
    for (let i = 0; i < 50; i++) {
      const key = randomAlphanumeric(32);
      expect(key).toMatch(/^[A-Za-z0-9]{32}$/);
      expect(UrlAuthKeySchema.safeParse(key).success).toBe(true);
    }
  });
});
