import type { MyPackage } from '@edgeward/contract';
import { Flex, List, Progress, Typography } from 'antd';
import { useMyPackages } from '../../api/commerce';
import { DataState, LoadingState } from '../../components/DataState';
import { useI18n } from '../../i18n';
import { formatTime } from '../../lib/time';
import { formatQuantity } from './money';

/** A package's share used, where both sides are known. */
function usedPercent(row: MyPackage): number | null {
  if (row.quota === null || row.used === null || BigInt(row.quota) === 0n) return null;
  return Number((BigInt(row.used) * 10_000n) / BigInt(row.quota)) / 100;
}

const inForce = (data: MyPackage[]) => data.filter((row) => row.state === 'active' || row.state === 'expiring');

/** One variant's packages in force with what is used of each (the overview and account info). */
export function PackagesInForce({ scope }: { scope: 'cdn' | 'eo' }) {
  const { t } = useI18n();
  const packages = useMyPackages(scope);
  return (
    <DataState
      remote={packages}
      failure={t('commerce.packagesInForce.failed')}
      isEmpty={(data) => inForce(data).length === 0}
      empty={t('commerce.packagesInForce.empty')}
      loading={<LoadingState paragraph={{ rows: 3 }} />}
    >
      {(data) => (
        <List
          size="small"
          dataSource={inForce(data)}
          data-testid="package-usage"
          data-variant={scope}
          renderItem={(row) => {
            const percent = usedPercent(row);
            const used = formatQuantity(row.type, row.used);
            const quota = formatQuantity(row.type, row.quota);
            return (
              <List.Item>
                <Flex vertical gap={2} style={{ width: '100%' }}>
                  <Typography.Text strong>{row.name}</Typography.Text>
                  {percent === null || used === null || quota === null ? (
                    <Typography.Text type="secondary">{t('commerce.packagesInForce.notMeasured')}</Typography.Text>
                  ) : (
                    <>
                      <Progress
                        percent={percent}
                        size="small"
                        aria-label={t('commerce.packagesInForce.usedLabel', { name: row.name })}
                      />
                      <Typography.Text type="secondary">
                        {t('commerce.packagesInForce.used', { used, quota })}
                      </Typography.Text>
                    </>
                  )}
                  <Typography.Text type="secondary">
                    {t('commerce.packagesInForce.expires', { date: formatTime(row.expiresAt) })}
                  </Typography.Text>
                </Flex>
              </List.Item>
            );
          }}
        />
      )}
    </DataState>
  );
}
