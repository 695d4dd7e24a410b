import { Tag } from 'antd';
import { useAdminI18n } from '../admin-texts';

/** The mark of an account an operator has disabled. */
export function DisabledTag() {
  const { t } = useAdminI18n();
  return (
    <Tag color="red" data-testid="admin-customer-disabled-tag">
      {t('adminCustomer.disabledTag')}
    </Tag>
  );
}

export function RealNameTag({ verified }: { verified: boolean }) {
  const { t } = useAdminI18n();
  return (
    <Tag color={verified ? 'green' : 'default'} data-testid="admin-customer-real-name">
      {t(verified ? 'adminCustomer.realName.verified' : 'adminCustomer.realName.unverified')}
    </Tag>
  );
}
