import { describe, expect, it } from 'vitest';
import { IdNumberSchema, idNumberProblem, maskIdentityText, RealNameSchema, RealNameSubmitSchema } from './identity';

const issue = (value: unknown) => {
  const result = IdNumberSchema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
};

describe('IdNumberSchema (GB 11643)', () => {
  it('accepts a valid number', () => {
    expect(IdNumberSchema.parse('440304199001011233')).toBe('440304199001011233');
    expect(IdNumberSchema.parse(' 110105200002290013 ')).toBe('110105200002290013');
  });

  it('accepts X in the last place, written in either case', () => {
    expect(IdNumberSchema.parse('11010519491231002X')).toBe('11010519491231002X');
    expect(IdNumberSchema.parse('11010519491231002x')).toBe('11010519491231002X');
  });

  it('refuses a bad check digit', () => {
    expect(issue('440304199001011234')).toBe('identity.idNumber.checkDigit');
    expect(issue('110105194912310021')).toBe('identity.idNumber.checkDigit');
  });

  // One valid number per check character, computed outside this code (ISO 7064 MOD 11-2 by hand), so that a slip
  // in the table or the weights refuses a valid number or takes a wrong one.
  const validByCheckCharacter = [
    ['0', '110105199003070180'],
    ['1', '110105199003070041'],
    ['2', '110105199003070092'],
    ['3', '110105199003070033'],
    ['4', '110105199003070084'],
    ['5', '110105199003070025'],
    ['6', '110105199003070076'],
    ['7', '110105199003070017'],
    ['8', '110105199003070068'],
    ['9', '110105199003070199'],
    ['X', '11010519900307005X'],
  ] as const;
  const checkCharacters = validByCheckCharacter.map(([character]) => character);

  it.each(validByCheckCharacter)('accepts a number whose check character is %s', (_, number) => {
    expect(issue(number)).toBeUndefined();
  });

  it.each(validByCheckCharacter)('refuses the number with check character %s under each other one', (right, number) => {
    for (const wrong of checkCharacters.filter((character) => character !== right)) {
      expect(issue(number.slice(0, 17) + wrong), wrong).toBe('identity.idNumber.checkDigit');
    }
  });

  it('refuses a birth date that is no day, before 1900 or in the future', () => {
    // 30 February, with a check digit that would otherwise be right.
    expect(issue('110105202302300016')).toBe('identity.idNumber.birthDate');
    expect(issue('110105189912310011')).toBe('identity.idNumber.birthDate');
    // Today somewhere on earth is not the future; the next day is, at a fixed clock.
    const now = new Date('2026-11-26T00:00:00Z');
    expect(idNumberProblem('110105202611260010', now)).not.toBe('identity.idNumber.birthDate');
    expect(idNumberProblem('110105202611270010', now)).toBe('identity.idNumber.birthDate');
    // The first day of 1900 is taken; a month or a day that is none, each alone, is not.
    expect(idNumberProblem('110105190001010010', now)).not.toBe('identity.idNumber.birthDate');
    for (const date of ['19900001', '19901301', '19900100', '19900132', '19900431', '00990101']) {
      expect(idNumberProblem(`110105${date}0010`, now), date).toBe('identity.idNumber.birthDate');
    }
    // Tomorrow is today east of UTC+14 only: at 10:00 UTC it has begun there, a minute earlier it has not.
    const tomorrow = '110105202611270010';
    expect(idNumberProblem(tomorrow, new Date('2026-11-26T10:00:00Z'))).not.toBe('identity.idNumber.birthDate');
    expect(idNumberProblem(tomorrow, new Date('2026-11-26T09:59:00Z'))).toBe('identity.idNumber.birthDate');
  });

  it('refuses a region code that opens no province', () => {
    expect(issue('990105194912310023')).toBe('identity.idNumber.region');
    expect(issue('000105194912310023')).toBe('identity.idNumber.region');
  });

  it('refuses 17 characters, letters inside and X anywhere but last', () => {
    expect(issue('11010519491231002')).toBe('identity.idNumber.format');
    expect(issue('1101051949123100XX')).toBe('identity.idNumber.format');
    expect(issue('11010519491231002XX')).toBe('identity.idNumber.format');
    expect(issue('911010519491231002X')).toBe('identity.idNumber.format');
    expect(issue('')).toBe('identity.idNumber.required');
    expect(issue(undefined)).toBe('identity.idNumber.required');
  });
});

describe('RealNameSchema', () => {
  it('takes names in any script, with the middle dot of transcribed names', () => {
    for (const name of ['张三', '欧阳娜娜', '阿卜杜拉·买买提', 'Zhang San', 'Jose\u0301 Garci\u0301a'])
      expect(RealNameSchema.parse(name)).toBe(name);
  });

  it('refuses empty names, digits and symbols', () => {
    for (const [value, key] of [
      ['', 'identity.realName.required'],
      ['  ', 'identity.realName.required'],
      ['张3', 'identity.realName.format'],
      ['张3三', 'identity.realName.format'],
      ['张三3', 'identity.realName.format'],
      ['·张三', 'identity.realName.format'],
      ['a', 'identity.realName.format'],
      ['张'.repeat(31), 'identity.realName.format'],
    ] as const) {
      const result = RealNameSchema.safeParse(value);
      expect(result.success ? undefined : result.error.issues[0]?.message, value).toBe(key);
    }
  });

  it('the submission checks both fields', () => {
    const result = RealNameSubmitSchema.safeParse({ realName: '', idNumber: '1' });
    expect(result.success).toBe(false);
    expect(new Set(result.error?.issues.map((i) => i.path[0]))).toEqual(new Set(['realName', 'idNumber']));
  });
});

describe('maskIdentityText', () => {
  it('keeps the first and last characters only', () => {
    expect(maskIdentityText('11010519491231002X')).toBe('1****************X');
    expect(maskIdentityText('欧阳娜娜')).toBe('欧**娜');
    expect(maskIdentityText('张三')).toBe('张*');
    expect(maskIdentityText('张')).toBe('张');
  });
});
