import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Flex, Form, type FormInstance } from 'antd';
// The input's own module, not antd's Input with its TextArea, Search and OTP: the first page stays small.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { Link } from 'react-router';
import type { z } from 'zod';
import { useI18n } from '../../i18n';
import { lazyZodRule } from '../../lib/form';
import { CaptchaField, type useCaptchaField } from './CaptchaField';

/** The form's schemas (both fields required), with zod: fetched once the page is drawn, see lazyZodRule. */
const loginFields = () => import('@edgeward/contract/schemas/auth').then((module) => module.LoginSchema.shape);

export interface LoginValues {
  userName: string;
  password: string;
  captchaCode?: string;
}

/**
 * The login form: name and password, and the captcha once the server asks for it. The operator console's sign-in
 * is the same form under its own schema (`fields`), without the customer's password reset.
 */
export function LoginForm({
  form,
  onFinish,
  captcha,
  submitting,
  fields = loginFields,
  forgotPassword = true,
}: {
  form: FormInstance<LoginValues>;
  onFinish: (values: LoginValues) => void;
  captcha: ReturnType<typeof useCaptchaField> | undefined;
  submitting: boolean;
  /** The two fields' schemas, fetched when a value is first checked. */
  fields?: () => Promise<Record<'userName' | 'password', z.ZodType>>;
  forgotPassword?: boolean;
}) {
  const { t } = useI18n();
  return (
    <Form noValidate form={form} layout="vertical" size="large" onFinish={onFinish} requiredMark={false} name="login">
      <Form.Item
        name="userName"
        label={t('account.field.userName')}
        rules={[lazyZodRule(async () => (await fields()).userName, t, true)]}
      >
        <Input
          prefix={<UserOutlined />}
          placeholder={t('account.placeholder.loginName')}
          autoComplete="username"
          autoCapitalize="off"
          spellCheck={false}
          autoFocus
        />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('account.field.password')}
        rules={[lazyZodRule(async () => (await fields()).password, t, true)]}
      >
        <Password
          prefix={<LockOutlined />}
          placeholder={t('account.placeholder.loginPassword')}
          autoComplete="current-password"
        />
      </Form.Item>
      {captcha && <CaptchaField captcha={captcha} size="large" />}
      {forgotPassword && (
        <Flex justify="flex-end" style={{ marginTop: -8, marginBottom: 16 }}>
          <Link to="/user/forgot-password">{t('account.login.forgot')}</Link>
        </Flex>
      )}
      <Form.Item>
        <Button type="primary" htmlType="submit" block loading={submitting}>
          {t('account.login.submit')}
        </Button>
      </Form.Item>
    </Form>
  );
}
