import { Alert, Typography } from 'antd';
import { Link } from 'react-router';
import { useI18n } from '../i18n';
import { useSession } from '../stores/session';

/** Features and purchases need real-name verification (spec sections 1 and 6); the server refuses them otherwise. */
export function useRealNameVerified(): boolean {
  return useSession().user?.realNameVerified ?? false;
}

/** Where an action would be: why it is not (`reason`, naming the action), and the way to verification. */
export function RealNameRequired({ reason, banner }: { reason: string; banner?: boolean }) {
  const { t } = useI18n();
  const link = (
    <Link to="/real-name" data-testid="real-name-link">
      {t('identity.action.verify')}
    </Link>
  );
  if (banner) {
    return (
      <Alert
        type="warning"
        showIcon
        title={reason}
        action={link}
        data-testid="real-name-required"
        style={{ marginBottom: 16 }}
      />
    );
  }
  return (
    <Typography.Text type="secondary" data-testid="real-name-required">
      {reason} {link}
    </Typography.Text>
  );
}
