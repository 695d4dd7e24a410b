import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { LoginSchema } from '@edgeward/contract';
import { Button, Flex, Form, Input, Result, Spin, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useLogin, useSimulationLogin } from '../../api/account';
import { useI18n } from '../../i18n';
import { applyServerErrors, errorIdOf, zodRule } from '../../lib/form';
import { safeRedirect } from '../../navigation/navigate';
import { sessionStore } from '../../stores/session';
import { CaptchaField, useCaptchaField } from './CaptchaField';

interface LoginValues {
  userName: string;
  password: string;
  captchaCode?: string;
}

/** /user/login/:token? — password login, or a simulated login when the path carries a token. */
export default function LoginPage() {
  const { token } = useParams();
  return token ? <SimulationLogin token={token} /> : <PasswordLogin />;
}

function PasswordLogin() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [form] = Form.useForm<LoginValues>();
  // The server asks for a captcha after repeated failures; until then the form stays two fields.
  const [captchaShown, setCaptchaShown] = useState(false);
  const captcha = useCaptchaField(form, 'login', captchaShown);
  const login = useLogin();

  function onFinish(values: LoginValues) {
    login.mutate(
      {
        userName: values.userName,
        password: values.password,
        ...(captchaShown ? { captchaId: captcha.captchaId, captchaCode: values.captchaCode } : {}),
      },
      {
        onSuccess: ({ token }) => {
          sessionStore.setToken(token);
          navigate(safeRedirect(searchParams.get('redirect')), { replace: true });
        },
        onError: (error) => {
          const id = errorIdOf(error);
          const captchaError = id === 'CAPTCHA_REQUIRED' || id === 'CAPTCHA_INVALID';
          if (!captchaShown) {
            if (captchaError) setCaptchaShown(true);
            return;
          }
          captcha.refresh();
          if (captchaError) applyServerErrors(form, error, { CAPTCHA_INVALID: 'captchaCode' });
          form.focusField(captchaError ? 'captchaCode' : 'password');
        },
      },
    );
  }

  useEffect(() => {
    if (captchaShown) form.focusField('captchaCode');
  }, [captchaShown, form]);

  return (
    <>
      <Typography.Title level={3} style={{ textAlign: 'center', marginBottom: 24 }}>
        {t('account.login.title')}
      </Typography.Title>
      <Form form={form} layout="vertical" size="large" onFinish={onFinish} requiredMark={false} name="login">
        <Form.Item name="userName" label={t('account.field.userName')} rules={[zodRule(LoginSchema.shape.userName, t)]}>
          <Input
            prefix={<UserOutlined />}
            placeholder={t('account.placeholder.loginName')}
            autoComplete="username"
            autoCapitalize="off"
            spellCheck={false}
            autoFocus
          />
        </Form.Item>
        <Form.Item name="password" label={t('account.field.password')} rules={[zodRule(LoginSchema.shape.password, t)]}>
          <Input.Password
            prefix={<LockOutlined />}
            placeholder={t('account.placeholder.loginPassword')}
            autoComplete="current-password"
          />
        </Form.Item>
        {captchaShown && <CaptchaField captcha={captcha} size="large" />}
        <Flex justify="flex-end" style={{ marginTop: -8, marginBottom: 16 }}>
          <Link to="/user/forgot-password">{t('account.login.forgot')}</Link>
        </Flex>
        <Form.Item>
          <Button type="primary" htmlType="submit" block loading={login.isPending}>
            {t('account.login.submit')}
          </Button>
        </Form.Item>
      </Form>
      <Typography.Paragraph style={{ textAlign: 'center' }}>
        {t('account.login.noAccount')} <Link to="/user/register">{t('account.login.register')}</Link>
      </Typography.Paragraph>
    </>
  );
}

function SimulationLogin({ token }: { token: string }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const simulation = useSimulationLogin();
  const { mutate } = simulation;
  // A simulation token works once; the ref keeps a development double effect from spending it twice.
  const sent = useRef<string | null>(null);

  useEffect(() => {
    if (sent.current === token) return;
    sent.current = token;
    mutate(token, {
      onSuccess: (data) => {
        sessionStore.setToken(data.token);
        navigate('/', { replace: true });
      },
    });
  }, [token, mutate, navigate]);

  if (simulation.isError) {
    return (
      <Result
        status="error"
        title={t('account.login.simulationFailed')}
        subTitle={simulation.error.message}
        extra={
          <Button type="primary" onClick={() => navigate('/user/login', { replace: true })}>
            {t('account.login.toLogin')}
          </Button>
        }
      />
    );
  }
  return (
    <Flex vertical align="center" gap={16} style={{ padding: '48px 0' }}>
      <Spin size="large" />
      <Typography.Text>{t('account.login.simulating')}</Typography.Text>
    </Flex>
  );
}
