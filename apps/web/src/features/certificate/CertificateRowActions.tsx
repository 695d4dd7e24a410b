import { CloudUploadOutlined } from '@ant-design/icons';
import type { CertificateListItem } from '@edgeward/contract';
import { App, Button, Space } from 'antd';
import { useDeleteCertificate } from '../../api/certificate';
import { Authorized } from '../../components/Authorized';
import { ConfirmButton } from '../../components/ConfirmButton';
import { useI18n } from '../../i18n';

/** The request function has already shown why an action failed (a deployed certificate names its domains). */
const quiet = () => undefined;

/** Detail, deploy and replace, and delete, as the user's actions allow. */
export function CertificateRowActions({
  row,
  onDetail,
  onDeploy,
  onReplace,
}: {
  row: CertificateListItem;
  onDetail: () => void;
  onDeploy: () => void;
  onReplace: () => void;
}) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const remove = useDeleteCertificate();
  return (
    <Space size={0} wrap={false}>
      <Button type="link" size="small" onClick={onDetail} data-testid="certificate-detail-open">
        {t('certificate.action.detail')}
      </Button>
      <Authorized permissionId="certificate" action="edit">
        <Button
          type="link"
          size="small"
          icon={<CloudUploadOutlined />}
          onClick={onDeploy}
          data-testid="certificate-deploy"
        >
          {t('certificate.action.deploy')}
        </Button>
        <Button type="link" size="small" onClick={onReplace} data-testid="certificate-replace">
          {t('certificate.action.replace')}
        </Button>
      </Authorized>
      <Authorized permissionId="certificate" action="delete">
        <ConfirmButton
          type="link"
          size="small"
          danger
          dangerous
          mode="modal"
          title={t('certificate.delete.confirm', { name: row.name })}
          description={t('certificate.delete.description')}
          okText={t('certificate.action.delete')}
          onConfirm={() => remove.mutateAsync(row.id).then(() => message.success(t('certificate.delete.done')), quiet)}
          data-testid="certificate-delete"
        >
          {t('certificate.action.delete')}
        </ConfirmButton>
      </Authorized>
    </Space>
  );
}
