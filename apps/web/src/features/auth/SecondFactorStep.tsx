import { SafetyOutlined } from '@ant-design/icons';
import { SecondFactorLoginSchema } from '@edgeward/contract';
import { Button, Form, Input, Typography } from 'antd';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import { useSecondFactorLogin } from '../../api/security';
import { useI18n } from '../../i18n';
import { errorIdOf, reportFormError, zodRule } from '../../lib/form';

/** The sign-in call of a code step: the challenge of the password step and the code, answered with the token. */
interface SecondFactorVerify {
  mutate: (
    body: { challenge: string; code: string },
    handlers: { onSuccess: (answer: { token: string }) => void; onError: (error: unknown) => void },
  ) => void;
  isPending: boolean;
}

interface SecondFactorFormProps {
  challenge: string;
  verify: SecondFactorVerify;
  /** The code field's rule: the contract schema the server checks the code with. */
  codeSchema: z.ZodType;
  title: ReactNode;
  hint: ReactNode;
  label: string;
  submitText: string;
  backText: string;
  /** The session token, once the code is accepted. */
  onSignedIn: (token: string) => void;
  /** Back to the password: the challenge expired, ran out of tries, or the user asked. */
  onBack: () => void;
  /** Between the hint and the field: what the code comes from (the QR code of a first two-factor set-up). */
  children?: ReactNode;
}

/**
 * The second step of a sign-in with two-factor authentication, the customer's (below) and the operator console's
 * (through this area's door): a code, a wrong one under its field, an expired challenge back to the password. In the
 * customer's step's module, so that both share one chunk.
 */
export function SecondFactorForm({
  challenge,
  verify,
  codeSchema,
  title,
  hint,
  label,
  submitText,
  backText,
  onSignedIn,
  onBack,
  children,
}: SecondFactorFormProps) {
  const { t } = useI18n();
  const [form] = Form.useForm<{ code: string }>();

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
        {title}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ textAlign: 'center' }}>
        {hint}
      </Typography.Paragraph>
      {children}
      <Form
        noValidate
        form={form}
        layout="vertical"
        size="large"
        onFinish={onFinish}
        requiredMark={false}
        name="second-factor"
      >
        <Form.Item name="code" label={label} rules={[zodRule(codeSchema, t)]}>
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
            {submitText}
          </Button>
        </Form.Item>
        <Button type="link" block onClick={onBack}>
          {backText}
        </Button>
      </Form>
    </>
  );
}

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
  return (
    <SecondFactorForm
      challenge={challenge}
      verify={useSecondFactorLogin()}
      codeSchema={SecondFactorLoginSchema.shape.code}
      title={t('security.login.title')}
      hint={t('security.login.hint')}
      label={t('security.twoFactor.codeOrRecovery')}
      submitText={t('security.login.submit')}
      backText={t('security.login.back')}
      onSignedIn={onSignedIn}
      onBack={onBack}
    />
  );
}
