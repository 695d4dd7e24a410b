import { enUS, format, RechargeCreateSchema } from '@edgeward/contract';
import { zhCN } from '@edgeward/contract/messages/zh-CN/index';
import { describe, expect, it } from 'vitest';
import { zodRule } from '../../lib/form';
import { parseNumberText } from '../../lib/number-text';

/**
 * What the recharge form's amount field says of the text typed into it: RechargeForm reads the field with
 * NumberInput (parseNumberText) and checks it with the contract's rule, as the server does.
 */
async function says(typed: string, catalogue: Record<string, string> = enUS): Promise<string | undefined> {
  const rule = zodRule(RechargeCreateSchema.shape.amountYuan, (key, params) => format(catalogue, key, params));
  try {
    await rule.validator?.(rule, parseNumberText(typed), () => undefined);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('the recharge amount field', () => {
  it('says what is wrong with text that is no number, in both languages', async () => {
    for (const typed of ['abc', '10 CNY', '1,000']) {
      expect(await says(typed)).toBe('Enter the amount as a whole number of CNY, at least 1');
    }
    expect(await says('abc', zhCN)).toBe('请输入整数金额（元），至少 1 元');
  });

  it('keeps "empty" for an empty field, and the bounds for numbers', async () => {
    expect(await says('')).toBe('Input cannot be empty');
    expect(await says('0.5')).toBe('Recharge in whole CNY');
    expect(await says('0')).toBe('The recharge amount is at least 1.00 CNY');
    expect(await says('1')).toBeUndefined();
    expect(await says(' 10 ')).toBeUndefined();
  });
});
