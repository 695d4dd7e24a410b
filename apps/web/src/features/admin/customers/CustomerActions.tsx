import { type CdnType, cdnTypes, type StaffCustomerDetail, StaffReasonSchema } from '@edgeward/contract';
import { App, Card, Flex, Select, Typography } from 'antd';
import {
  useCustomerTwoFactorOff,
  useDisableCustomer,
  useEnableCustomer,
  useSetCustomerCdnType,
} from '../../../api/admin-customer';
import { ReasonConfirmButton } from '../../../components/ReasonConfirmButton';
import { useAdminI18n } from '../admin-texts';
import { useCurrentStaff } from '../layout/current-staff';
import { customerActions } from './customer-logic';
import { SimulationButton } from './SimulationButton';

const reasonSchema = StaffReasonSchema.shape.reason;

/** The menus the customer has; a choice is confirmed before it is set (the value shown is always the server's). */
function CdnTypeSelect({ customer }: { customer: StaffCustomerDetail }) {
  const { t } = useAdminI18n();
  const { message, modal } = App.useApp();
  const set = useSetCustomerCdnType(customer.id);
  const name = customer.userName;
  const choose = (cdnType: CdnType) => {
    if (cdnType === customer.cdnType) return;
    const label = t(`adminCustomer.cdnType.${cdnType}`);
    modal.confirm({
      title: t('adminCustomer.cdnTypeConfirm', { name, cdnType: label }),
      content: t('adminCustomer.cdnTypeHint'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      okButtonProps: { 'data-testid': 'admin-customer-cdn-type-ok' },
      // A refusal has been shown by the request function; the dialog closes either way.
      onOk: () =>
        set.mutateAsync(cdnType).then(
          () => message.success(t('adminCustomer.cdnTypeSaved', { name, cdnType: label })),
          () => undefined,
        ),
    });
  };
  return (
    <Flex gap={8} align="center" wrap>
      <Typography.Text>{t('adminCustomer.field.cdnType')}</Typography.Text>
      <Select<CdnType>
        value={customer.cdnType}
        loading={set.isPending}
        disabled={set.isPending}
        onChange={choose}
        options={cdnTypes.map((value) => ({ value, label: t(`adminCustomer.cdnType.${value}`) }))}
        aria-label={t('adminCustomer.field.cdnType')}
        style={{ width: 220, maxWidth: '100%' }}
        data-testid="admin-customer-cdn-type"
      />
    </Flex>
  );
}

/**
 * What the member may do on the account, each shown only where their capabilities hold it: the menus, two-factor
 * off, disable or enable (each with a reason), a simulation link. A refusal is the server's message.
 */
export function CustomerActions({ customer }: { customer: StaffCustomerDetail }) {
  const { t } = useAdminI18n();
  const { message } = App.useApp();
  const me = useCurrentStaff();
  const twoFactorOff = useCustomerTwoFactorOff(customer.id);
  const disable = useDisableCustomer(customer.id);
  const enable = useEnableCustomer(customer.id);
  const allowed = customerActions(customer, me.capabilities);
  const name = customer.userName;
  const reasonLabel = t('adminCustomer.actions.reason');
  const any = allowed.cdnType || allowed.twoFactorOff || allowed.disable || allowed.enable || allowed.simulate;
  return (
    <Card title={t('adminCustomer.actions.title')} size="small" data-testid="admin-customer-actions">
      {any ? null : <Typography.Text type="secondary">{t('adminCustomer.actions.none')}</Typography.Text>}
      <Flex vertical gap={12}>
        {allowed.cdnType ? <CdnTypeSelect customer={customer} /> : null}
        <Flex gap={8} wrap>
          {allowed.twoFactorOff ? (
            <ReasonConfirmButton
              dangerous
              title={t('adminCustomer.twoFactorOffConfirm', { name })}
              description={t('adminCustomer.twoFactorOffHint')}
              reasonLabel={reasonLabel}
              reasonSchema={reasonSchema}
              okText={t('adminCustomer.twoFactorOff')}
              onConfirm={(reason) =>
                twoFactorOff
                  .mutateAsync({ reason })
                  .then(() => message.success(t('adminCustomer.twoFactorOffDone', { name })))
              }
              data-testid="admin-customer-two-factor-off"
            >
              {t('adminCustomer.twoFactorOff')}
            </ReasonConfirmButton>
          ) : null}
          {allowed.disable ? (
            <ReasonConfirmButton
              danger
              dangerous
              title={t('adminCustomer.disableConfirm', { name })}
              description={t('adminCustomer.disableHint')}
              reasonLabel={reasonLabel}
              reasonSchema={reasonSchema}
              okText={t('adminCustomer.disable')}
              onConfirm={(reason) =>
                disable.mutateAsync({ reason }).then(() => message.success(t('adminCustomer.disabled', { name })))
              }
              data-testid="admin-customer-disable"
            >
              {t('adminCustomer.disable')}
            </ReasonConfirmButton>
          ) : null}
          {allowed.enable ? (
            <ReasonConfirmButton
              title={t('adminCustomer.enableConfirm', { name })}
              description={t('adminCustomer.enableHint')}
              reasonLabel={reasonLabel}
              reasonSchema={reasonSchema}
              okText={t('adminCustomer.enable')}
              onConfirm={(reason) =>
                enable.mutateAsync({ reason }).then(() => message.success(t('adminCustomer.enabled', { name })))
              }
              data-testid="admin-customer-enable"
            >
              {t('adminCustomer.enable')}
            </ReasonConfirmButton>
          ) : null}
          {allowed.simulate ? <SimulationButton customer={customer} blocked={allowed.simulateBlocked} /> : null}
        </Flex>
      </Flex>
    </Card>
  );
}
