import { CaptchaAnswerSchema, enUS, format, LoginSchema, RegisterFieldsSchema } from '@edgeward/contract';
import type { FormInstance } from 'antd';
import type { RuleObject } from 'antd/es/form';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  applyServerErrors,
  confirmRule,
  errorIdOf,
  lazyZodRule,
  serverFieldErrors,
  type Translate,
  validateWith,
  zodRule,
} from './form';

/** The contract's English catalogue: a key that does not exist would come back as the key itself. */
const t: Translate = (key, params) => format(enUS, key, params);

async function run(rule: RuleObject, value: unknown): Promise<string | undefined> {
  try {
    await rule.validator?.(rule, value, () => undefined);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

const fields = RegisterFieldsSchema.shape;

describe('zodRule', () => {
  it('rejects with the contract schema message key, translated', async () => {
    expect(await run(zodRule(fields.userName, t), 'ab')).toBe('Username must be at least 4 characters');
    expect(await run(zodRule(fields.userName, t), 'a b c')).toBe(
      'Username may contain letters, digits, _ . and - only',
    );
    expect(await run(zodRule(fields.email, t), 'not-an-email')).toBe('Please enter a valid email address');
    expect(await run(zodRule(fields.phone, t), '123')).toBe('Please enter a valid phone number');
    expect(await run(zodRule(fields.password, t), '12345')).toBe('Password must be at least 6 characters');
    expect(await run(zodRule(fields.emailCode, t), '12ab56')).toBe('The email code is 6 digits');
  });

  it('accepts valid values', async () => {
    expect(await run(zodRule(fields.userName, t), 'alice')).toBeUndefined();
    expect(await run(zodRule(fields.email, t), 'alice@example.com')).toBeUndefined();
    expect(await run(zodRule(fields.phone, t), '13800138000')).toBeUndefined();
    expect(await run(zodRule(fields.emailCode, t), '246810')).toBeUndefined();
    expect(await run(zodRule(fields.agreement, t), true)).toBeUndefined();
  });

  it('treats missing, empty and blank input as empty', async () => {
    const rule = zodRule(fields.userName, t);
    expect(await run(rule, undefined)).toBe('Input cannot be empty');
    expect(await run(rule, '')).toBe('Input cannot be empty');
    expect(await run(rule, '   ')).toBe('Input cannot be empty');
    expect(await run(zodRule(fields.captchaCode, t), '')).toBe('Please enter the captcha');
    expect(await run(zodRule(fields.agreement, t), false)).toBe('Please read and accept the user agreement');
    expect(await run(zodRule(fields.agreement, t), undefined)).toBe('Please read and accept the user agreement');
  });

  it('marks the field as required only when the schema refuses an empty value', () => {
    expect(zodRule(fields.userName, t).required).toBe(true);
    expect(zodRule(z.string().optional(), t).required).toBe(false);
  });

  it('falls back to the generic keys for schemas without a message key', () => {
    expect(validateWith(z.string().min(3), 'a', t)).toBe('At least 3 characters');
    expect(validateWith(z.string().min(1), '', t)).toBe('Input cannot be empty');
    expect(validateWith(z.string().max(2), 'abc', t)).toBe('At most 2 characters');
    expect(validateWith(z.number().int().min(1), 0, t)).toBe('Must be at least 1');
    expect(validateWith(z.number().max(100), 101, t)).toBe('Must be at most 100');
    expect(validateWith(z.array(z.string()).max(1), ['a', 'b'], t)).toBe('At most 1 entries');
    expect(validateWith(z.number(), undefined, t)).toBe('Input cannot be empty');
    expect(validateWith(z.number(), 'x', t)).toBe('The value is not valid');
    expect(validateWith(z.string().regex(/^a$/), 'b', t)).toBe('The value is not valid');
  });
});

describe('lazyZodRule', () => {
  it('checks like zodRule once the schema has arrived, fetching it once per check', async () => {
    let fetched = 0;
    const rule = lazyZodRule(
      async () => {
        fetched++;
        return fields.userName;
      },
      t,
      true,
    );
    expect(rule.required).toBe(true);
    expect(fetched).toBe(0);
    expect(await run(rule, 'ab')).toBe('Username must be at least 4 characters');
    expect(await run(rule, 'alice')).toBeUndefined();
    expect(fetched).toBe(2);
  });

  it('says the network failed when the schema cannot be fetched', async () => {
    const rule = lazyZodRule(() => Promise.reject(new Error('Failed to fetch dynamically imported module')), t, true);
    expect(await run(rule, 'alice')).toBe('request.networkError');
  });

  it('agrees with the schemas the login page and its captcha field name as required', () => {
    expect(zodRule(LoginSchema.shape.userName, t).required).toBe(true);
    expect(zodRule(LoginSchema.shape.password, t).required).toBe(true);
    expect(zodRule(CaptchaAnswerSchema.shape.captchaCode, t).required).toBe(true);
  });
});

describe('confirmRule', () => {
  const form = (password: string) => ({ getFieldValue: () => password }) as unknown as FormInstance;

  it('accepts the same password and leaves emptiness to the field rule', async () => {
    const rule = confirmRule('newPassword', t)(form('secret1'));
    expect(await run(rule, 'secret1')).toBeUndefined();
    expect(await run(rule, '')).toBeUndefined();
    expect(await run(rule, undefined)).toBeUndefined();
  });

  it('rejects a different one with the contract key', async () => {
    const rule = confirmRule('newPassword', t)(form('secret1'));
    expect(await run(rule, 'secret2')).toBe('The two passwords do not match');
  });

  it('compares with the named field', async () => {
    const asked: unknown[] = [];
    const probe = { getFieldValue: (name: unknown) => asked.push(name) && 'x' } as unknown as FormInstance;
    await run(confirmRule('password', t)(probe), 'x');
    expect(asked).toEqual(['password']);
  });
});

describe('server field errors', () => {
  function fakeForm(values: Record<string, unknown>) {
    const set: unknown[] = [];
    return {
      set,
      form: { getFieldsValue: () => values, setFields: (data: unknown[]) => set.push(...data) } as unknown as Pick<
        FormInstance,
        'getFieldsValue' | 'setFields'
      >,
    };
  }

  it('reads the fields of an API error and ignores anything else', () => {
    expect(serverFieldErrors({ status: 409, fields: { userName: 'taken' } })).toEqual({ userName: 'taken' });
    expect(serverFieldErrors(new Error('boom'))).toBeUndefined();
    expect(serverFieldErrors({ fields: {} })).toBeUndefined();
    expect(serverFieldErrors({ fields: null })).toBeUndefined();
    expect(serverFieldErrors(undefined)).toBeUndefined();
  });

  it('sets each message under the form field it names, dotted paths as name paths', () => {
    const { form, set } = fakeForm({ userName: 'bob', origins: [{ host: '' }] });
    const error = { fields: { userName: 'This username is already taken', 'origins.0.host': 'Input cannot be empty' } };
    expect(applyServerErrors(form, error)).toBe(true);
    expect(set).toEqual([
      { name: ['userName'], errors: ['This username is already taken'] },
      { name: ['origins', 0, 'host'], errors: ['Input cannot be empty'] },
    ]);
  });

  it('leaves out fields the form does not have and says when nothing was shown', () => {
    const { form, set } = fakeForm({ email: undefined });
    expect(applyServerErrors(form, { fields: { captchaId: 'Input cannot be empty' } })).toBe(false);
    expect(set).toEqual([]);
    expect(applyServerErrors(form, { fields: { email: 'Please enter a valid email address' } })).toBe(true);
    expect(set).toEqual([{ name: ['email'], errors: ['Please enter a valid email address'] }]);
    expect(applyServerErrors(form, new Error('network'))).toBe(false);
  });

  it('puts an error without fields under the field its id names', () => {
    const { form, set } = fakeForm({ userName: 'bob', captchaCode: '' });
    const taken = { error: 'USERNAME_TAKEN', message: 'This username is already taken' };
    const map = { USERNAME_TAKEN: 'userName', CAPTCHA_INVALID: 'captchaCode' };
    expect(applyServerErrors(form, taken, map)).toBe(true);
    expect(set).toEqual([{ name: ['userName'], errors: ['This username is already taken'] }]);
    expect(applyServerErrors(form, { error: 'RATE_LIMITED', message: 'Too many requests' }, map)).toBe(false);
    expect(applyServerErrors(form, taken)).toBe(false);
  });

  it('reads the error id of an API error only', () => {
    expect(errorIdOf({ status: 400, error: 'CAPTCHA_REQUIRED', message: 'x' })).toBe('CAPTCHA_REQUIRED');
    expect(errorIdOf(new Error('Network error'))).toBeUndefined();
    expect(errorIdOf(null)).toBeUndefined();
  });
});
