import { Button, Modal, Typography } from 'antd';
import { useI18n } from '../../i18n';

const sections = [
  'account.agreement.intro',
  'account.agreement.account',
  'account.agreement.use',
  'account.agreement.billing',
  'account.agreement.privacy',
] as const;

/** The user agreement of the register form; 'Accept' ticks the form's agreement box. */
export function AgreementModal({
  open,
  onClose,
  onAccept,
}: {
  open: boolean;
  onClose: () => void;
  onAccept: () => void;
}) {
  const { t } = useI18n();
  return (
    <Modal
      open={open}
      title={t('account.agreement.title')}
      onCancel={onClose}
      footer={[
        <Button key="close" onClick={onClose}>
          {t('account.agreement.close')}
        </Button>,
        <Button key="accept" type="primary" onClick={onAccept}>
          {t('account.agreement.accept')}
        </Button>,
      ]}
    >
      <Typography>
        {sections.map((key) => (
          <Typography.Paragraph key={key}>{t(key)}</Typography.Paragraph>
        ))}
      </Typography>
    </Modal>
  );
}
