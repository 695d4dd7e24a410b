import { CheckCircleOutlined, RedoOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useApplicationAction } from '../../../api/certificate-application';
import { ConfirmButton } from '../../../components/ConfirmButton';
import { useI18n } from '../../../i18n';

/** The request function has already shown why an action was refused (the status moved meanwhile). */
const quiet = () => undefined;

/**
 * Verify (check the TXT records now) or retry (a failed or expired application: the same records again after a DNS
 * failure, a new order with new records after a CA failure or an expiry, so it asks first). The outcome is the page's
 * new state.
 */
export function ApplicationActionButton({ action, id }: { action: 'verify' | 'retry'; id: number }) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const mutation = useApplicationAction(action);
  if (action === 'verify') {
    return (
      <Button
        type="primary"
        icon={<CheckCircleOutlined />}
        loading={mutation.isPending}
        onClick={() =>
          void mutation.mutateAsync(id).then((detail) => {
            if (detail.status === 'failed') message.error(t('domain.verify.failed'));
          }, quiet)
        }
        data-testid="application-verify"
      >
        {t('certificate.application.action.verify')}
      </Button>
    );
  }
  return (
    <ConfirmButton
      icon={<RedoOutlined />}
      title={t('certificate.application.retry.confirm')}
      description={t('certificate.application.retry.description')}
      okText={t('certificate.application.action.retry')}
      onConfirm={() =>
        mutation.mutateAsync(id).then(() => message.success(t('certificate.application.retry.done')), quiet)
      }
      data-testid="application-retry"
    >
      {t('certificate.application.action.retry')}
    </ConfirmButton>
  );
}
