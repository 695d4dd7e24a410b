import { SettingOutlined } from '@ant-design/icons';
import { canDeleteDomain, canDisableDomain, canEnableDomain, type DomainListItem } from '@edgeward/contract';
import { App, Button, Space, Tooltip } from 'antd';
import { useNavigate } from 'react-router';
import { useDomainAction } from '../../api/domain';
import { Authorized } from '../../components/Authorized';
import { ConfirmButton } from '../../components/ConfirmButton';
import { useI18n } from '../../i18n';
import { useConsoleVariant } from '../../navigation/variant';
import { domainPermission, settingsPath } from './paths';

/** The request function has already shown why an action failed; the confirmation just closes. */
const quiet = () => undefined;

/**
 * Settings, enable or disable, and delete. Buttons the status does not allow stay visible but disabled, with the
 * reason on hover; buttons the user's actions lack are removed (Authorized).
 */
export function DomainRowActions({ row }: { row: DomainListItem }) {
  const variant = useConsoleVariant();
  const { t } = useI18n();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const enable = useDomainAction('enable', variant);
  const disable = useDomainAction('disable', variant);
  const remove = useDomainAction('delete', variant);
  const name = row.domainName;
  const stateBlocked = t('errors.DOMAIN_STATE_CONFLICT');
  return (
    <Space size={0} wrap={false}>
      <Button
        type="link"
        size="small"
        icon={<SettingOutlined />}
        onClick={() => navigate(settingsPath(row.id, 'basic', variant))}
        data-testid="domain-settings"
      >
        {t('domain.list.settings')}
      </Button>
      {canEnableDomain(row.status) ? (
        // Keys keep the enable and disable buttons apart when a row changes status under an open confirmation.
        <Authorized key="enable" permissionId={domainPermission(variant)} action="enable">
          <ConfirmButton
            type="link"
            size="small"
            title={t('domain.list.enableConfirm', { name })}
            onConfirm={() => enable.mutateAsync(row.id).then(() => message.success(t('domain.list.enabled')), quiet)}
            data-testid="domain-enable"
          >
            {t('domain.list.enable')}
          </ConfirmButton>
        </Authorized>
      ) : (
        <Authorized key="disable" permissionId={domainPermission(variant)} action="disable">
          {canDisableDomain(row.status) ? (
            <ConfirmButton
              type="link"
              size="small"
              title={t('domain.list.disableConfirm', { name })}
              description={t('domain.list.disableDescription')}
              onConfirm={() =>
                disable.mutateAsync(row.id).then(() => message.success(t('domain.list.disabled')), quiet)
              }
              data-testid="domain-disable"
            >
              {t('domain.list.disable')}
            </ConfirmButton>
          ) : (
            <Tooltip title={stateBlocked}>
              <Button type="link" size="small" disabled data-testid="domain-disable">
                {t('domain.list.disable')}
              </Button>
            </Tooltip>
          )}
        </Authorized>
      )}
      <Authorized permissionId={domainPermission(variant)} action="delete">
        {canDeleteDomain(row.status) ? (
          <ConfirmButton
            type="link"
            size="small"
            danger
            dangerous
            mode="modal"
            title={t('domain.list.deleteConfirm', { name })}
            description={t('domain.list.deleteDescription')}
            okText={t('domain.delete')}
            onConfirm={() => remove.mutateAsync(row.id).then(() => message.success(t('domain.list.deleting')), quiet)}
            data-testid="domain-delete"
          >
            {t('domain.delete')}
          </ConfirmButton>
        ) : (
          <Tooltip title={t('errors.DOMAIN_NOT_DELETABLE')}>
            <Button type="link" size="small" danger disabled data-testid="domain-delete">
              {t('domain.delete')}
            </Button>
          </Tooltip>
        )}
      </Authorized>
    </Space>
  );
}
