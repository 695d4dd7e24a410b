import { type PasswordStrength, passwordStrength } from '@edgeward/contract';
import { Flex, Progress, Typography, theme } from 'antd';
import { useI18n } from '../i18n';

const percent: Record<PasswordStrength, number> = { tooShort: 10, low: 34, medium: 67, strong: 100 };

/** The live meter under a new-password field: the contract's passwordStrength, coloured and labelled. */
export function PasswordStrengthMeter({ password }: { password: string | undefined }) {
  const { t } = useI18n();
  const { token } = theme.useToken();
  if (!password) {
    return (
      <Typography.Text type="secondary" data-testid="password-strength" data-strength="empty">
        {t('account.strength.hint')}
      </Typography.Text>
    );
  }
  const level = passwordStrength(password);
  const color: Record<PasswordStrength, string> = {
    tooShort: token.colorError,
    low: token.colorError,
    medium: token.colorWarning,
    strong: token.colorSuccess,
  };
  return (
    <Flex align="center" gap={8} data-testid="password-strength" data-strength={level} aria-live="polite">
      <Progress
        percent={percent[level]}
        showInfo={false}
        strokeColor={color[level]}
        size="small"
        style={{ flex: 1, margin: 0 }}
        aria-hidden
      />
      <Typography.Text style={{ color: color[level], whiteSpace: 'nowrap' }}>
        {t('account.strength.label')}: {t(`account.strength.${level}`)}
      </Typography.Text>
    </Flex>
  );
}
