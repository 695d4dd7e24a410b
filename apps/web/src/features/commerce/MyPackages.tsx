import { ShoppingCartOutlined } from '@ant-design/icons';
import { limits, type MyPackage } from '@edgeward/contract';
import { Alert, Button, Card, Flex, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useNavigate } from 'react-router';
import { useMyPackages } from '../../api/commerce';
import { Authorized } from '../../components/Authorized';
import { PageContainer } from '../../components/PageContainer';
import { RemoteTable } from '../../components/PageTable';
import { useI18n } from '../../i18n';
import { formatTime } from '../../lib/time';
import { formatQuantity } from './money';

const stateColours: Record<MyPackage['state'], string> = {
  active: 'success',
  expiring: 'warning',
  expired: 'default',
  refunded: 'purple',
};

function packageRows(data: MyPackage[]): MyPackage[] {
  return data;
}

/**
 * /plan and /eoPlan: the packages the customer owns, with used and remaining (unknown until statistics measure
 * them, and said so rather than shown as 0), effective and expiry times, and a warning before expiry.
 */
export function MyPackages({ scope }: { scope: 'cdn' | 'eo' }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const packages = useMyPackages(scope);
  const expiring = packages.data?.filter((row) => row.state === 'expiring') ?? [];

  const quantity = (row: MyPackage, value: string | null) => {
    if (row.quota === null) return <Typography.Text type="secondary">{t('commerce.myPlan.noQuota')}</Typography.Text>;
    const shown = formatQuantity(row.type, value);
    return (
      shown ?? (
        <Typography.Text type="secondary" data-testid="not-measured">
          {t('commerce.myPlan.notMeasured')}
        </Typography.Text>
      )
    );
  };
  const stateTag = (row: MyPackage) => (
    <Tag color={stateColours[row.state]} style={{ marginInlineEnd: 0 }} data-testid="package-state">
      {t(`commerce.packageState.${row.state}`)}
    </Tag>
  );
  const nameCell = (row: MyPackage) => (
    <Flex vertical gap={2}>
      <Typography.Text strong>{row.name}</Typography.Text>
      <Typography.Text type="secondary">{t(`commerce.packageType.${row.type}`)}</Typography.Text>
    </Flex>
  );

  const columns: ColumnsType<MyPackage> = [
    { title: t('commerce.field.package'), key: 'name', render: (_, row) => nameCell(row) },
    { title: t('commerce.field.spec'), dataIndex: 'spec' },
    { title: t('commerce.field.used'), key: 'used', render: (_, row) => quantity(row, row.used) },
    { title: t('commerce.field.remaining'), key: 'remaining', render: (_, row) => quantity(row, row.remaining) },
    { title: t('commerce.field.effectiveAt'), dataIndex: 'effectiveAt', render: (at: number) => formatTime(at) },
    { title: t('commerce.field.expiresAt'), dataIndex: 'expiresAt', render: (at: number) => formatTime(at) },
    { title: t('commerce.field.state'), key: 'state', render: (_, row) => stateTag(row) },
  ];

  const card = (row: MyPackage) => (
    <Card size="small" data-testid="my-package-card">
      <Flex vertical gap={6}>
        <Flex justify="space-between" align="center" gap={8}>
          {nameCell(row)}
          {stateTag(row)}
        </Flex>
        <Typography.Text>{row.spec}</Typography.Text>
        <Typography.Text>
          {t('commerce.field.used')}: {quantity(row, row.used)}
        </Typography.Text>
        <Typography.Text>
          {t('commerce.field.remaining')}: {quantity(row, row.remaining)}
        </Typography.Text>
        <Typography.Text type="secondary">
          {formatTime(row.effectiveAt)} ~ {formatTime(row.expiresAt)}
        </Typography.Text>
      </Flex>
    </Card>
  );

  const buy = (
    <Authorized permissionId="plan" action="query">
      <Button
        type="primary"
        icon={<ShoppingCartOutlined />}
        onClick={() => navigate('/plan/buy')}
        data-testid="go-buy-packages"
      >
        {t('menu.plan.buy')}
      </Button>
    </Authorized>
  );

  return (
    <PageContainer subTitle={t(scope === 'eo' ? 'commerce.myPlan.eoSubtitle' : 'commerce.myPlan.subtitle')} extra={buy}>
      {expiring.length ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="expiry-warning"
          title={t('commerce.myPlan.expiring', {
            count: expiring.length,
            days: limits.commerce.expiryWarningDays,
          })}
        />
      ) : null}
      <RemoteTable<MyPackage, MyPackage[]>
        rowKey="id"
        remote={packages}
        rows={packageRows}
        failure={t('commerce.myPlan.loadFailed')}
        emptyText={t('commerce.myPlan.empty')}
        columns={columns}
        card={card}
      />
    </PageContainer>
  );
}
