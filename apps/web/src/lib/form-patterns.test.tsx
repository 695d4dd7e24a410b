// @vitest-environment jsdom

import { limits, RechargeCreateSchema, RegisterFieldsSchema } from '@edgeward/contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Button, Form, type FormInstance, Input } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client';
import { NumberInput } from '../components/NumberInput';
import { setLocale, useI18n } from '../i18n';
import { renderInConsole } from '../test/dom';
import { feedback } from './feedback';
import { applyServerErrors, reportFormError, zodRule } from './form';

interface Values {
  userName?: string;
  amountYuan?: number | string;
}
type FieldName = keyof Values;

/**
 * A form drawn as the console draws its forms: each field checked by zodRule with its contract schema, the amount
 * typed into a NumberInput, the translate function of the language in force.
 */
function SignUpAndRecharge({
  onFinish,
  onForm,
}: {
  onFinish: (values: Values) => void;
  onForm: (form: FormInstance<Values>) => void;
}) {
  const { t } = useI18n();
  const [form] = Form.useForm<Values>();
  onForm(form);
  return (
    <Form<Values> noValidate form={form} onFinish={onFinish}>
      <Form.Item name="userName" label="userName" rules={[zodRule(RegisterFieldsSchema.shape.userName, t)]}>
        <Input aria-label="userName" />
      </Form.Item>
      <Form.Item name="amountYuan" label="amountYuan" rules={[zodRule(RechargeCreateSchema.shape.amountYuan, t)]}>
        <NumberInput aria-label="amountYuan" />
      </Form.Item>
      <Button htmlType="submit">save</Button>
    </Form>
  );
}

function drawForm() {
  const submitted: Values[] = [];
  let form: FormInstance<Values> | undefined;
  renderInConsole(<SignUpAndRecharge onFinish={(values) => submitted.push(values)} onForm={(f) => (form = f)} />);
  if (!form) throw new Error('the form did not render');
  return { form, submitted };
}

const type = (field: FieldName, text: string) =>
  fireEvent.change(screen.getByLabelText(field), { target: { value: text } });

/** The error antd draws under the field; undefined when there is none. */
function drawnUnder(field: FieldName): string | undefined {
  const item = screen.getByLabelText(field).closest('.ant-form-item');
  return item?.querySelector('.ant-form-item-explain-error')?.textContent ?? undefined;
}

/** Waits until the field shows `message` (or no error), which antd draws a moment after the form knows it. */
async function expectShown(field: FieldName, message: string | undefined) {
  await waitFor(() => expect(drawnUnder(field)).toBe(message));
}

/** Types into the field and checks it as the form does: the refusal's message, or undefined when accepted. */
async function check(form: FormInstance<Values>, field: FieldName, text: string): Promise<string | undefined> {
  type(field, text);
  const problem = await act(() =>
    form.validateFields([field]).then(
      () => undefined,
      (failure: { errorFields: { errors: string[] }[] }) => failure.errorFields[0]?.errors[0],
    ),
  );
  await expectShown(field, problem);
  return problem;
}

describe('zodRule in a drawn form', () => {
  it('marks a field as required when its schema refuses an empty value', () => {
    drawForm();
    const required = (field: FieldName) =>
      screen.getByText(field, { selector: 'label' }).classList.contains('ant-form-item-required');
    expect(required('userName')).toBe(true);
    expect(required('amountYuan')).toBe(true);
  });

  it('shows the schema message under the field in English, and in Chinese once the language is switched', async () => {
    const { form } = drawForm();
    expect(await check(form, 'userName', 'abc')).toBe('Username must be at least 4 characters');
    await act(() => setLocale('zh-CN'));
    expect(await check(form, 'userName', 'ab')).toBe('用户名至少 4 个字符');
    expect(await check(form, 'amountYuan', '0')).toBe('充值金额最低 1.00 元');
    expect(await check(form, 'amountYuan', '')).toBe('输入不能为空');
  });

  it('accepts the last user name length the server accepts and refuses the first it refuses', async () => {
    const { form } = drawForm();
    const { userNameMin: min, userNameMax: max } = limits.account;
    expect(await check(form, 'userName', 'a'.repeat(min - 1))).toBe('Username must be at least 4 characters');
    expect(await check(form, 'userName', 'a'.repeat(min))).toBeUndefined();
    expect(await check(form, 'userName', 'a'.repeat(max + 1))).toBe('Username must be at most 32 characters');
    expect(await check(form, 'userName', 'a'.repeat(max))).toBeUndefined();
  });

  it('accepts the recharge amounts from the least to the largest, whole CNY only, as the server does', async () => {
    const { form } = drawForm();
    const { rechargeMinYuan: min, rechargeMaxYuan: max } = limits.commerce;
    expect(await check(form, 'amountYuan', String(min - 1))).toBe('The recharge amount is at least 1.00 CNY');
    expect(await check(form, 'amountYuan', String(min))).toBeUndefined();
    expect(await check(form, 'amountYuan', String(max + 1))).toBe('The recharge amount is at most 1,000,000 CNY');
    expect(await check(form, 'amountYuan', String(max))).toBeUndefined();
    expect(await check(form, 'amountYuan', '1.5')).toBe('Recharge in whole CNY');
    expect(await check(form, 'amountYuan', '12abc')).toBe('Enter the amount as a whole number of CNY, at least 1');
  });

  it('hands the accepted values over as the schema reads them, and nothing while a field is refused', async () => {
    const { submitted } = drawForm();
    type('userName', 'alice');
    type('amountYuan', '1000001');
    fireEvent.click(screen.getByRole('button', { name: 'save' }));
    await expectShown('amountYuan', 'The recharge amount is at most 1,000,000 CNY');
    expect(submitted).toEqual([]);
    type('amountYuan', ' 100 ');
    fireEvent.click(screen.getByRole('button', { name: 'save' }));
    await waitFor(() => expect(submitted).toEqual([{ userName: 'alice', amountYuan: 100 }]));
  });
});

describe('server errors in a drawn form', () => {
  const apiError = (init: Partial<ConstructorParameters<typeof ApiError>[0]>) =>
    new ApiError({ status: 400, code: 400, error: 'VALIDATION', message: 'Invalid input', ...init });

  it('shows each field error of the answer under the field it names', async () => {
    const { form } = drawForm();
    const error = apiError({ fields: { userName: 'This username is already taken', amountYuan: 'Too much' } });
    act(() => {
      expect(applyServerErrors(form, error)).toBe(true);
    });
    await expectShown('userName', 'This username is already taken');
    await expectShown('amountYuan', 'Too much');
  });

  it('puts an error the form has no field for into the one message on screen, not under a field', async () => {
    const { form } = drawForm();
    const shown = vi.spyOn(feedback.message, 'error');
    act(() =>
      reportFormError(form, apiError({ message: 'Captcha expired', fields: { captchaId: 'Captcha expired' } })),
    );
    expect(await screen.findByText('Captcha expired', { selector: '.ant-message *' })).toBeTruthy();
    expect(shown).toHaveBeenCalledTimes(1);
    expect(drawnUnder('userName')).toBeUndefined();
    expect(drawnUnder('amountYuan')).toBeUndefined();
  });

  it('puts an error without fields under the field its id names, and no message besides', async () => {
    const { form } = drawForm();
    const shown = vi.spyOn(feedback.message, 'error');
    const taken = apiError({
      status: 409,
      code: 409,
      error: 'USERNAME_TAKEN',
      message: 'This username is already taken',
    });
    act(() => reportFormError(form, taken, { USERNAME_TAKEN: 'userName' }));
    await expectShown('userName', 'This username is already taken');
    expect(shown).not.toHaveBeenCalled();
  });
});
