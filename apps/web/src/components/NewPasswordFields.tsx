import { ConfirmPasswordSchema, PasswordSchema } from '@edgeward/contract';
import { Form, Input } from 'antd';
import { useI18n } from '../i18n';
import { confirmRule, zodRule } from '../lib/form';
import { PasswordStrengthMeter } from './PasswordStrengthMeter';

interface NewPasswordFieldsProps {
  /** The form field of the new password (`password`, `newPassword`); the confirmation is `confirmPassword`. */
  name: string;
  /** The new password's label, as the form names it. */
  label: string;
  autoFocus?: boolean;
}

/**
 * A new password with its live strength meter, and its confirmation, which must match it (registration, password
 * reset, security settings). The rules are the contract's, the ones the server checks.
 */
export function NewPasswordFields({ name, label, autoFocus }: NewPasswordFieldsProps) {
  const { t } = useI18n();
  const password = Form.useWatch(name, Form.useFormInstance());
  return (
    <>
      <Form.Item
        name={name}
        label={label}
        rules={[zodRule(PasswordSchema, t)]}
        extra={<PasswordStrengthMeter password={password} />}
      >
        <Input.Password
          placeholder={t('account.placeholder.password')}
          autoComplete="new-password"
          autoFocus={autoFocus}
        />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t('account.field.confirmPassword')}
        dependencies={[name]}
        rules={[zodRule(ConfirmPasswordSchema, t), confirmRule(name, t)]}
      >
        <Input.Password placeholder={t('account.placeholder.confirmPassword')} autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
