import { Alert, Typography } from 'antd';
import { Link } from 'react-router';
import { useI18n } from '../../i18n';
import { useSession } from '../../stores/session';

/** Buying and recharging need real-name verification (spec section 6); the server refuses them otherwise. */
export function useRealNameVerified(): boolean {
  return useSession().user?.realNameVerified ?? false;
}

/** Where a buy button would be: why it is not, and the way to verification. */
export function RealNameRequired({ banner }: { banner?: boolean }) {
  const { t } = useI18n();
  const link = (
    <Link to="/real-name" data-testid="real-name-link">
      {t('commerce.realName.verify')}
    </Link>
  );
  if (banner) {
    return (
      <Alert
        type="warning"
        showIcon
        title={t('commerce.realName.required')}
        action={link}
        data-testid="real-name-required"
        style={{ marginBottom: 16 }}
      />
    );
  }
  return (
    <Typography.Text type="secondary" data-testid="real-name-required">
      {t('commerce.realName.required')} {link}
    </Typography.Text>
  );
}
