import type { ApiKey } from '@edgeward/contract';
import { App, Button, Space } from 'antd';
import { useApiKeyEnabled, useDeleteApiKey } from '../../api/security';
import { Authorized } from '../../components/Authorized';
import { ConfirmButton } from '../../components/ConfirmButton';
import { useI18n } from '../../i18n';

/** Edit note, disable or enable, and delete: the same in the table's fixed column and on a phone's card. */
export function KeyActions({ apiKey, onEditNote }: { apiKey: ApiKey; onEditNote: (key: ApiKey) => void }) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const setEnabled = useApiKeyEnabled();
  const remove = useDeleteApiKey();
  return (
    <Space size={0} wrap>
      <Authorized permissionId="key" action="edit">
        <Button type="link" size="small" onClick={() => onEditNote(apiKey)}>
          {t('security.keys.editNote')}
        </Button>
      </Authorized>
      {apiKey.enabled ? (
        <Authorized permissionId="key" action="disable">
          <ConfirmButton
            type="link"
            size="small"
            title={t('security.keys.disableConfirm')}
            okText={t('security.keys.disable')}
            onConfirm={() => setEnabled.mutateAsync({ id: apiKey.id, enabled: false }).catch(() => undefined)}
          >
            {t('security.keys.disable')}
          </ConfirmButton>
        </Authorized>
      ) : (
        <Authorized permissionId="key" action="enable">
          <Button
            type="link"
            size="small"
            loading={setEnabled.isPending && setEnabled.variables?.id === apiKey.id}
            onClick={() => setEnabled.mutate({ id: apiKey.id, enabled: true })}
          >
            {t('security.keys.enable')}
          </Button>
        </Authorized>
      )}
      <Authorized permissionId="key" action="delete">
        <ConfirmButton
          type="link"
          size="small"
          danger
          dangerous
          title={t('security.keys.deleteConfirm')}
          description={t('security.keys.deleteHint')}
          okText={t('security.keys.delete')}
          onConfirm={() =>
            // A failure has already been shown by the request function.
            remove.mutateAsync(apiKey.id).then(
              () => message.success(t('security.keys.deleted')),
              () => undefined,
            )
          }
        >
          {t('security.keys.delete')}
        </ConfirmButton>
      </Authorized>
    </Space>
  );
}
