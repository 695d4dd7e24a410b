import { PlusOutlined } from '@ant-design/icons';
import type { PackageType, StaffPackage } from '@edgeward/contract';
import { App, Button, Card, Flex, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { usePackageSale, useStaffPackages } from '../../../api/admin-finance';
import { ConfirmButton } from '../../../components/ConfirmButton';
import { RemoteTable } from '../../../components/PageTable';
import { useI18n } from '../../../i18n';
import { useAdminI18n } from '../admin-texts';
import { yuanOf as yuan } from '../dashboard/dashboard-figures';
import { quotaOf } from './finance-logic';
import { AddPackageModal, EditPackageModal } from './PackageFormModal';

const rowsOf = (list: StaffPackage[]) => list;

/** Withdraw a package from sale or put it back, after a confirmation; packages bought stay either way. */
function SaleButton({ pack }: { pack: StaffPackage }) {
  const { t } = useAdminI18n();
  const { message } = App.useApp();
  const sale = usePackageSale();
  const { code } = pack;
  const onSale = !pack.onSale;
  return (
    <ConfirmButton
      type="link"
      size="small"
      danger={pack.onSale}
      dangerous={pack.onSale}
      title={t(pack.onSale ? 'admin.finance.packages.withdrawConfirm' : 'admin.finance.packages.putBackConfirm', {
        code,
      })}
      description={pack.onSale ? t('admin.finance.packages.withdrawHint') : undefined}
      onConfirm={() =>
        // A failure has already been shown by the request function.
        sale.mutateAsync({ id: pack.id, onSale }).then(
          () =>
            message.success(
              t(onSale ? 'admin.finance.packages.putBackDone' : 'admin.finance.packages.withdrawn', { code }),
            ),
          () => undefined,
        )
      }
      data-testid={pack.onSale ? 'admin-finance-package-withdraw' : 'admin-finance-package-put-back'}
    >
      {t(pack.onSale ? 'admin.finance.packages.withdraw' : 'admin.finance.packages.putBack')}
    </ConfirmButton>
  );
}

/** The package catalogue, on and off sale, in both languages: add, edit the texts, withdraw or put back. */
export function PackagesTab() {
  const { t } = useAdminI18n();
  const { locale } = useI18n();
  const packages = useStaffPackages();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<StaffPackage | null>(null);
  const zh = locale === 'zh-CN';

  const sale = (pack: StaffPackage) =>
    pack.onSale ? (
      <Tag color="success">{t('admin.finance.packages.onSale')}</Tag>
    ) : (
      <Tag>{t('admin.finance.packages.offSale')}</Tag>
    );
  const actions = (pack: StaffPackage) => (
    <Flex gap={4} wrap>
      <Button type="link" size="small" onClick={() => setEditing(pack)} data-testid="admin-finance-package-edit">
        {t('admin.finance.packages.edit')}
      </Button>
      <SaleButton pack={pack} />
    </Flex>
  );
  const name = (pack: StaffPackage) => (zh ? pack.nameZh : pack.name);
  const columns: ColumnsType<StaffPackage> = [
    {
      title: t('admin.finance.packages.code'),
      dataIndex: 'code',
      render: (code: string) => <span data-testid="admin-finance-package-code-cell">{code}</span>,
    },
    {
      title: t('admin.finance.packages.type'),
      dataIndex: 'type',
      render: (type: PackageType) => t(`commerce.packageType.${type}`),
    },
    { title: t('admin.finance.orders.product'), key: 'name', render: (_, pack) => name(pack) },
    { title: t('admin.finance.orders.spec'), key: 'spec', render: (_, pack) => (zh ? pack.specZh : pack.spec) },
    {
      title: t('admin.finance.packages.price'),
      dataIndex: 'priceFen',
      align: 'right',
      render: (fen: string) => yuan(fen),
    },
    { title: t('admin.finance.packages.validity'), dataIndex: 'validityMonths' },
    {
      title: t('admin.finance.packages.quota'),
      key: 'quota',
      render: (_, pack) => quotaOf(pack.type, pack.quota) ?? '-',
    },
    { title: t('admin.finance.packages.sale'), key: 'sale', render: (_, pack) => sale(pack) },
    { title: t('admin.finance.actions'), key: 'actions', fixed: 'right', render: (_, pack) => actions(pack) },
  ];
  const card = (pack: StaffPackage) => (
    <Card size="small" data-testid="admin-finance-package-card">
      <Flex vertical gap={6}>
        <Flex justify="space-between" gap={8} wrap>
          <Typography.Text strong>{pack.code}</Typography.Text>
          {sale(pack)}
        </Flex>
        <Typography.Text>
          {name(pack)} · {yuan(pack.priceFen)}
        </Typography.Text>
        {actions(pack)}
      </Flex>
    </Card>
  );

  return (
    <Flex vertical gap={16}>
      <Flex justify="flex-end">
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setAdding(true)}
          data-testid="admin-finance-package-add"
        >
          {t('admin.finance.packages.add')}
        </Button>
      </Flex>
      <RemoteTable<StaffPackage, StaffPackage[]>
        rowKey="id"
        remote={packages}
        rows={rowsOf}
        columns={columns}
        card={card}
        failure={t('admin.finance.packages.loadFailed')}
        emptyText={t('admin.finance.packages.empty')}
        data-testid="admin-finance-packages-table"
      />
      <AddPackageModal open={adding} onClose={() => setAdding(false)} />
      <EditPackageModal pack={editing} onClose={() => setEditing(null)} />
    </Flex>
  );
}
