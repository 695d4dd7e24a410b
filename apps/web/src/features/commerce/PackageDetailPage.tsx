import { Button, Card, Descriptions, Flex, Result, Typography } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { useCreateOrder, usePackageCatalogue } from '../../api/commerce';
import { DataState } from '../../components/DataState';
import { PageContainer } from '../../components/PageContainer';
import { RealNameRequired, useRealNameVerified } from '../../components/RealNameRequired';
import { useI18n } from '../../i18n';
import { yuan } from './money';

/** /plan/buy/:id: one package on sale and the order button; the order is then paid on /order/:id/pay. */
export default function PackageDetailPage() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const verified = useRealNameVerified();
  const catalogue = usePackageCatalogue();
  const create = useCreateOrder();

  const order = async () => {
    try {
      const placed = await create.mutateAsync({ packageId: id });
      navigate(`/order/${placed.id}/pay`);
    } catch {
      // The request function has shown why (not on sale any more, verification missing).
    }
  };

  return (
    <PageContainer>
      <DataState remote={catalogue} failure={t('commerce.catalogue.loadFailed')}>
        {(list) => {
          const item = list.find((candidate) => candidate.id === id);
          if (!item) {
            return (
              <Result
                status="404"
                title={t('commerce.package.notOnSale')}
                extra={<Button onClick={() => navigate('/plan/buy')}>{t('menu.plan.buy')}</Button>}
              />
            );
          }
          return (
            <Card>
              <Flex vertical gap={16}>
                <Descriptions column={1} bordered size="small" data-testid="package-detail">
                  <Descriptions.Item label={t('commerce.field.package')}>{item.name}</Descriptions.Item>
                  <Descriptions.Item label={t('commerce.field.type')}>
                    {t(`commerce.packageType.${item.type}`)}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('commerce.field.spec')}>{item.spec}</Descriptions.Item>
                  <Descriptions.Item label={t('commerce.field.validity')}>
                    {t('commerce.package.validity', { months: item.validityMonths })}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('commerce.field.price')}>
                    <Typography.Text strong>{yuan(item.priceFen)}</Typography.Text>
                  </Descriptions.Item>
                </Descriptions>
                {item.type === 'china_mainland' ? (
                  <Typography.Text type="secondary">{t('commerce.package.chinaMainlandHint')}</Typography.Text>
                ) : null}
                {verified ? (
                  <Flex gap={8} wrap>
                    <Button
                      type="primary"
                      loading={create.isPending}
                      onClick={() => void order()}
                      data-testid="place-order"
                    >
                      {t('commerce.package.placeOrder')}
                    </Button>
                    <Typography.Text type="secondary" style={{ alignSelf: 'center' }}>
                      {t('commerce.package.closesHint')}
                    </Typography.Text>
                  </Flex>
                ) : (
                  <RealNameRequired reason={t('commerce.realName.required')} />
                )}
              </Flex>
            </Card>
          );
        }}
      </DataState>
    </PageContainer>
  );
}
