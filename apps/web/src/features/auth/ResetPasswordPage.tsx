import { App, Button, Form, Result, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useResetPassword } from '../../api/account';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { useI18n } from '../../i18n';
import { applyServerErrors, errorIdOf } from '../../lib/form';

interface ResetValues {
  password: string;
  confirmPassword: string;
}

/** /user/reset-password?token=... — the link of the reset email. */
export default function ResetPasswordPage() {
  const { t } = useI18n();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [form] = Form.useForm<ResetValues>();
  const reset = useResetPassword();
  const [invalidLink, setInvalidLink] = useState<string | null>(null);

  const requestLink = (
    <Button onClick={() => navigate('/user/forgot-password')}>{t('account.reset.requestLink')}</Button>
  );

  if (!token) return <Result status="warning" title={t('account.reset.noToken')} extra={requestLink} />;
  if (invalidLink !== null) return <Result status="error" title={invalidLink} extra={requestLink} />;
  if (reset.isSuccess) {
    return (
      <Result
        status="success"
        title={t('account.reset.doneTitle')}
        subTitle={t('account.reset.doneSubtitle')}
        extra={
          <Button type="primary" autoFocus onClick={() => navigate('/user/login', { replace: true })}>
            {t('account.reset.login')}
          </Button>
        }
      />
    );
  }

  function onFinish(values: ResetValues) {
    reset.mutate(
      { token, ...values },
      {
        onError: (error) => {
          if (errorIdOf(error) === 'RESET_TOKEN_INVALID') setInvalidLink(error.message);
          else if (!applyServerErrors(form, error)) message.error(error.message);
        },
      },
    );
  }

  return (
    <>
      <Typography.Title level={3} style={{ textAlign: 'center', marginBottom: 24 }}>
        {t('account.reset.title')}
      </Typography.Title>
      <Form noValidate form={form} layout="vertical" size="large" onFinish={onFinish} name="reset-password">
        <NewPasswordFields name="password" label={t('account.field.newPassword')} autoFocus />
        <Form.Item>
          <Button type="primary" htmlType="submit" block loading={reset.isPending}>
            {t('account.reset.submit')}
          </Button>
        </Form.Item>
      </Form>
      <Typography.Paragraph style={{ textAlign: 'center' }}>
        <Link to="/user/login">{t('account.forgot.backToLogin')}</Link>
      </Typography.Paragraph>
    </>
  );
}
