import { limits, RegisterFieldsSchema } from '@edgeward/contract';
import { App, Button, Checkbox, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useRegister, useSendEmailCode } from '../../api/account';
import { EmailCodeField } from '../../components/EmailCodeField';
import { InlineLink } from '../../components/InlineLink';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { useI18n } from '../../i18n';
import { type ErrorFieldMap, reportFormError, zodRule } from '../../lib/form';
import { useCountdown } from '../../lib/use-countdown';
import { AgreementModal } from './AgreementModal';
import { CaptchaField, useCaptchaField } from './CaptchaField';

interface RegisterValues {
  userName: string;
  password: string;
  confirmPassword: string;
  email: string;
  phone: string;
  captchaCode: string;
  emailCode: string;
  agreement: true;
}

const fields = RegisterFieldsSchema.shape;

/** Errors that answer without `fields` but clearly belong under one. */
const errorFields: ErrorFieldMap = {
  USERNAME_TAKEN: 'userName',
  EMAIL_TAKEN: 'email',
  CAPTCHA_INVALID: 'captchaCode',
  EMAIL_CODE_INVALID: 'emailCode',
};

/** /user/register */
export default function RegisterPage() {
  const { t } = useI18n();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<RegisterValues>();
  const captcha = useCaptchaField(form, 'register');
  const countdown = useCountdown();
  const sendCode = useSendEmailCode();
  const register = useRegister();
  const [agreementOpen, setAgreementOpen] = useState(false);

  async function onSendCode() {
    // The code goes out only against a solved captcha; an empty one is asked for under its field first.
    let values: Pick<RegisterValues, 'email' | 'captchaCode'>;
    try {
      values = await form.validateFields(['email', 'captchaCode']);
    } catch {
      return;
    }
    sendCode.mutate(
      { email: values.email, purpose: 'register', captchaId: captcha.captchaId, captchaCode: values.captchaCode },
      {
        onSuccess: ({ resendAfterMs }) => {
          // The server bound the captcha to this address: the registration takes the same answer, typed once.
          countdown.start(resendAfterMs > 0 ? resendAfterMs : limits.account.emailCodeResendMs);
          message.success(t('account.register.codeSent', { email: values.email.trim() }));
          form.focusField('emailCode');
        },
        onError: (error) => {
          captcha.renew();
          reportFormError(form, error, errorFields);
        },
      },
    );
  }

  function onFinish(values: RegisterValues) {
    register.mutate(
      { ...values, captchaId: captcha.captchaId },
      {
        onSuccess: ({ userName }) => navigate(`/user/register-result?account=${encodeURIComponent(userName)}`),
        onError: (error) => {
          captcha.renew();
          reportFormError(form, error, errorFields);
        },
      },
    );
  }

  return (
    <>
      <Typography.Title level={3} style={{ textAlign: 'center', marginBottom: 24 }}>
        {t('account.register.title')}
      </Typography.Title>
      <Form noValidate form={form} layout="vertical" onFinish={onFinish} scrollToFirstError name="register">
        <Form.Item name="userName" label={t('account.field.userName')} rules={[zodRule(fields.userName, t)]}>
          <Input
            placeholder={t('account.placeholder.userName')}
            autoComplete="username"
            autoCapitalize="off"
            spellCheck={false}
            autoFocus
          />
        </Form.Item>
        <NewPasswordFields name="password" label={t('account.field.password')} />
        <Form.Item name="email" label={t('account.field.email')} rules={[zodRule(fields.email, t)]}>
          <Input type="email" placeholder={t('account.placeholder.email')} autoComplete="email" />
        </Form.Item>
        <Form.Item name="phone" label={t('account.field.phone')} rules={[zodRule(fields.phone, t)]}>
          <Input type="tel" placeholder={t('account.placeholder.phone')} autoComplete="tel" />
        </Form.Item>
        <CaptchaField captcha={captcha} />
        <EmailCodeField
          rule={zodRule(fields.emailCode, t)}
          onSend={onSendCode}
          sending={sendCode.isPending}
          resendIn={countdown.remaining}
          sendTestId="send-code"
        />
        <Form.Item name="agreement" valuePropName="checked" rules={[zodRule(fields.agreement, t)]}>
          <Checkbox>
            {t('account.register.agreementPrefix')}{' '}
            <Button
              type="link"
              htmlType="button"
              style={{ padding: 0, height: 'auto' }}
              onClick={(event) => {
                // Opening the text must not tick the box the link sits in.
                event.preventDefault();
                setAgreementOpen(true);
              }}
            >
              {t('account.register.agreementLink')}
            </Button>
          </Checkbox>
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" size="large" block loading={register.isPending}>
            {t('account.register.submit')}
          </Button>
        </Form.Item>
      </Form>
      <Typography.Paragraph style={{ textAlign: 'center' }}>
        {t('account.register.haveAccount')} <InlineLink to="/user/login">{t('account.register.toLogin')}</InlineLink>
      </Typography.Paragraph>
      <AgreementModal
        open={agreementOpen}
        onClose={() => setAgreementOpen(false)}
        onAccept={() => {
          setAgreementOpen(false);
          form.setFieldValue('agreement', true);
          void form.validateFields(['agreement']);
        }}
      />
    </>
  );
}
