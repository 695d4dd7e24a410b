import { ForgotPasswordSchema } from '@edgeward/contract';
import { Button, Form, Input, Result, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useForgotPassword } from '../../api/account';
import { useI18n } from '../../i18n';
import { reportFormError, zodRule } from '../../lib/form';
import { CaptchaField, useCaptchaField } from './CaptchaField';

interface ForgotValues {
  email: string;
  captchaCode: string;
}

/** /user/forgot-password: the answer never tells whether the address has an account. */
export default function ForgotPasswordPage() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const [form] = Form.useForm<ForgotValues>();
  const captcha = useCaptchaField(form, 'forgot-password');
  const forgot = useForgotPassword();
  const [sentTo, setSentTo] = useState<string | null>(null);

  function onFinish(values: ForgotValues) {
    forgot.mutate(
      { email: values.email, captchaId: captcha.captchaId, captchaCode: values.captchaCode },
      {
        onSuccess: () => setSentTo(values.email.trim()),
        onError: (error) => {
          captcha.renew();
          reportFormError(form, error, { CAPTCHA_INVALID: 'captchaCode' });
        },
      },
    );
  }

  if (sentTo !== null) {
    return (
      <Result
        status="success"
        title={t('account.forgot.sentTitle')}
        subTitle={t('account.forgot.sentDescription', { email: sentTo })}
        extra={
          <Button type="primary" autoFocus onClick={() => navigate('/user/login')}>
            {t('account.forgot.backToLogin')}
          </Button>
        }
      />
    );
  }

  return (
    <>
      <Typography.Title level={3} style={{ textAlign: 'center' }}>
        {t('account.forgot.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('account.forgot.description')}</Typography.Paragraph>
      <Form noValidate form={form} layout="vertical" size="large" onFinish={onFinish} name="forgot-password">
        <Form.Item name="email" label={t('account.field.email')} rules={[zodRule(ForgotPasswordSchema.shape.email, t)]}>
          <Input type="email" placeholder={t('account.placeholder.email')} autoComplete="email" autoFocus />
        </Form.Item>
        <CaptchaField captcha={captcha} size="large" />
        <Form.Item>
          <Button type="primary" htmlType="submit" block loading={forgot.isPending}>
            {t('account.forgot.submit')}
          </Button>
        </Form.Item>
      </Form>
      <Typography.Paragraph style={{ textAlign: 'center' }}>
        <Link to="/user/login">{t('account.forgot.backToLogin')}</Link>
      </Typography.Paragraph>
    </>
  );
}
