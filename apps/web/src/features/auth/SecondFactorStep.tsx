import { SafetyOutlined } from '@ant-design/icons';
import { SecondFactorLoginSchema } from '@edgeward/contract';
import { Button, Form, Input, Typography } from 'antd';
import { useSecondFactorLogin } from '../../api/security';
import { useI18n } from '../../i18n';
import { errorIdOf, reportFormError, zodRule } from '../../lib/form';

export interface SecondFactorStepProps {
  challenge: string;
  /** The session token, once the code is accepted. */
  onSignedIn: (token: string) => void;
  /** Back to the password: the challenge expired, ran out of tries, or the user asked. */
  onBack: () => void;
}

/** The login's second step for an account with two-factor sign-in: an authenticator code or a recovery code. */
export default function SecondFactorStep({ challenge, onSignedIn, onBack }: SecondFactorStepProps) {
  const { t } = useI18n();
  const [form] = Form.useForm<{ code: string }>();
  const verify = useSecondFactorLogin();

  function onFinish({ code }: { code: string }) {
    verify.mutate(
      { challenge, code },
      {
        onSuccess: ({ token }) => onSignedIn(token),
        onError: (error) => {
          if (errorIdOf(error) === 'TWO_FACTOR_CHALLENGE_INVALID') {
            reportFormError(form, error);
            onBack();
            return;
          }
          reportFormError(form, error, { TWO_FACTOR_CODE_INVALID: 'code' });
          form.focusField('code');
        },
      },
    );
  }

  return (
    <>
      <Typography.Title level={3} style={{ textAlign: 'center', marginBottom: 8 }}>
        {t('security.login.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ textAlign: 'center' }}>
        {t('security.login.hint')}
      </Typography.Paragraph>
      <Form
        noValidate
        form={form}
        layout="vertical"
        size="large"
        onFinish={onFinish}
        requiredMark={false}
        name="second-factor"
      >
        <Form.Item
          name="code"
          label={t('security.twoFactor.codeOrRecovery')}
          rules={[zodRule(SecondFactorLoginSchema.shape.code, t)]}
        >
          <Input
            prefix={<SafetyOutlined />}
            placeholder={t('security.twoFactor.codePlaceholder')}
            autoComplete="one-time-code"
            autoCapitalize="off"
            spellCheck={false}
            autoFocus
          />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" block loading={verify.isPending}>
            {t('security.login.submit')}
          </Button>
        </Form.Item>
        <Button type="link" block onClick={onBack}>
          {t('security.login.back')}
        </Button>
      </Form>
    </>
  );
}
