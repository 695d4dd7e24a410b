import { type StaffLoginResult, StaffSecondFactorSchema } from '@edgeward/contract';
import { Flex, Typography } from 'antd';
import { useStaffSecondFactor } from '../../../api/admin';
import { SecondFactorForm } from '../../auth';
import { useAdminI18n } from '../admin-texts';

type SecondStep = Exclude<StaffLoginResult, { token: string }>;

/**
 * The staff sign-in's second step: the code of the member's authenticator app, or, on a first sign-in, the set-up
 * of one (the QR code and the key to type by hand) whose first code completes it and signs in.
 */
export function StaffCodeStep({
  step,
  onSignedIn,
  onBack,
}: {
  step: SecondStep;
  onSignedIn: (token: string) => void;
  onBack: () => void;
}) {
  const { t } = useAdminI18n();
  const verify = useStaffSecondFactor();
  const setup = 'twoFactorSetup' in step ? step.twoFactorSetup : null;
  const { challenge } = 'twoFactorSetup' in step ? step.twoFactorSetup : step.secondFactor;
  return (
    <SecondFactorForm
      key={challenge}
      challenge={challenge}
      verify={verify}
      codeSchema={StaffSecondFactorSchema.shape.code}
      title={t(setup ? 'admin.login.setupTitle' : 'security.login.title')}
      hint={t(setup ? 'admin.login.setupHint' : 'admin.login.codeHint')}
      label={t('security.twoFactor.code')}
      submitText={t(setup ? 'admin.login.setupSubmit' : 'security.login.submit')}
      backText={t('security.login.back')}
      onSignedIn={onSignedIn}
      onBack={onBack}
    >
      {setup ? (
        <Flex vertical align="center" gap={8} style={{ marginBottom: 16 }} data-testid="staff-two-factor-setup">
          <img src={setup.qrCode} alt={t('admin.login.qrAlt')} width={180} height={180} />
          <Typography.Text type="secondary">{t('admin.login.secret')}</Typography.Text>
          <Typography.Text
            copyable
            style={{ fontFamily: 'monospace', wordBreak: 'break-all', textAlign: 'center' }}
            data-testid="staff-two-factor-secret"
          >
            {setup.secret}
          </Typography.Text>
        </Flex>
      ) : null}
    </SecondFactorForm>
  );
}
