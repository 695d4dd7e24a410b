import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { RegisterFieldsSchema } from '../schemas/auth';
import { number } from '../schemas/common';
import { issueMessage } from './catalogue';
import { enUSCore } from './en-US/core';
import { issueMessageIn } from './issue-message';

function firstIssue(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value);
  if (result.success) throw new Error('expected an issue');
  return result.error.issues[0]!;
}

const keyOf = (schema: z.ZodType, value: unknown) => issueMessage(firstIssue(schema, value));

describe('issueMessage', () => {
  it("answers the key a contract schema names, with the issue's bounds", () => {
    expect(keyOf(RegisterFieldsSchema.shape.userName, 'ab')).toEqual({
      key: 'account.userName.min',
      params: { min: 4 },
    });
    expect(
      keyOf(
        z.string().refine(() => false, { message: 'validation.invalid', params: { n: 2 } }),
        'x',
      ),
    ).toEqual({
      key: 'validation.invalid',
      params: { n: 2 },
    });
  });

  it("maps zod's own texts to the generic keys by code and origin", () => {
    expect(keyOf(z.string(), undefined)).toEqual({ key: 'validation.required' });
    expect(keyOf(z.string(), null)).toEqual({ key: 'validation.required' });
    expect(keyOf(z.number(), 'x')).toEqual({ key: 'validation.invalid' });
    expect(keyOf(z.string().min(1), '')).toEqual({ key: 'validation.required' });
    expect(keyOf(z.string().min(3), 'a')).toEqual({ key: 'validation.tooShort', params: { min: 3 } });
    expect(keyOf(z.array(z.string()).min(1), [])).toEqual({ key: 'validation.required' });
    expect(keyOf(z.number().min(1), 0)).toEqual({ key: 'validation.tooSmall', params: { min: 1 } });
    expect(keyOf(z.string().max(2), 'abc')).toEqual({ key: 'validation.tooLong', params: { max: 2 } });
    expect(keyOf(z.array(z.string()).max(1), ['a', 'b'])).toEqual({ key: 'validation.tooMany', params: { max: 1 } });
    expect(keyOf(z.bigint().max(10n), 11n)).toEqual({ key: 'validation.tooBig', params: { max: 10 } });
    expect(keyOf(z.string().regex(/^a$/), 'b')).toEqual({ key: 'validation.invalid' });
  });

  it('tells a number left empty from a value that is not a number', () => {
    expect(keyOf(number(), undefined)).toEqual({ key: 'validation.required' });
    expect(keyOf(number(), 'abc')).toEqual({ key: 'validation.notNumber' });
    expect(keyOf(number().max(3), 4)).toEqual({ key: 'validation.tooBig', params: { max: 3 } });
  });

  it("reads the server's validation errors, the issue rebuilt from keyword and params", () => {
    const issue = firstIssue(z.object({ name: z.string().min(3) }), { name: 'a' });
    const { code, message, path: _path, ...params } = issue;
    expect(issueMessage({ code, message, ...params })).toEqual(issueMessage(issue));
    expect(issueMessage({ code, message, ...params })).toEqual({ key: 'validation.tooShort', params: { min: 3 } });
  });

  it('names a key only when the given catalogue has it, else the generic key of the issue', () => {
    const inCore = (text: string) => Object.hasOwn(enUSCore, text);
    const tooShort = firstIssue(RegisterFieldsSchema.shape.userName, 'ab');
    expect(issueMessageIn(tooShort, inCore)).toEqual({ key: 'account.userName.min', params: { min: 4 } });
    expect(issueMessageIn(tooShort, () => false)).toEqual({ key: 'validation.tooShort', params: { min: 4 } });
    const outside = firstIssue(z.string().min(2, { error: 'domain.name.format' }), 'a');
    expect(issueMessage(outside).key).toBe('domain.name.format');
    expect(issueMessageIn(outside, inCore)).toEqual({ key: 'validation.tooShort', params: { min: 2 } });
  });
});
