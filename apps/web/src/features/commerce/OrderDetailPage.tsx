import { Card, Descriptions, Flex } from 'antd';
import { useParams } from 'react-router';
import { useOrder } from '../../api/commerce';
import { DataState } from '../../components/DataState';
import { PageContainer } from '../../components/PageContainer';
import { useI18n } from '../../i18n';
import { formatTime } from '../../lib/time';
import { useTabSubject } from '../../stores/tabs';
import { BankTransferDetails } from './BankTransferDetails';
import { yuan } from './money';
import { OrderActions } from './OrderActions';
import { OrderStatusTag } from './OrderStatusTag';

/** /order/:id: one order (spec section 3: number, amount, status, time, product, payment method). */
export default function OrderDetailPage() {
  const { t } = useI18n();
  const id = Number(useParams().id);
  const order = useOrder(id);
  useTabSubject(order.data?.orderNo);
  return (
    <PageContainer>
      <DataState remote={order} failure={t('commerce.order.loadFailed')}>
        {(data) => (
          <Card>
            <Flex vertical gap={16}>
              <Descriptions column={{ xs: 1, md: 2 }} bordered size="small" data-testid="order-detail">
                <Descriptions.Item label={t('commerce.field.orderNo')}>{data.orderNo}</Descriptions.Item>
                <Descriptions.Item label={t('commerce.field.status')}>
                  <OrderStatusTag status={data.status} />
                </Descriptions.Item>
                <Descriptions.Item label={t('commerce.field.product')}>{data.productName}</Descriptions.Item>
                <Descriptions.Item label={t('commerce.field.kind')}>
                  {t(`commerce.orderKind.${data.kind}`)}
                </Descriptions.Item>
                {data.spec ? <Descriptions.Item label={t('commerce.field.spec')}>{data.spec}</Descriptions.Item> : null}
                {data.validityMonths !== null ? (
                  <Descriptions.Item label={t('commerce.field.validity')}>
                    {t('commerce.package.validity', { months: data.validityMonths })}
                  </Descriptions.Item>
                ) : null}
                <Descriptions.Item label={t('commerce.field.amount')}>{yuan(data.amountFen)}</Descriptions.Item>
                <Descriptions.Item label={t('commerce.field.paymentMethod')}>
                  {data.paymentMethod ? t(`commerce.paymentMethod.${data.paymentMethod}`) : '-'}
                </Descriptions.Item>
                <Descriptions.Item label={t('commerce.field.createdAt')}>
                  {formatTime(data.createdAt)}
                </Descriptions.Item>
                <Descriptions.Item label={t('commerce.field.paidAt')}>{formatTime(data.paidAt)}</Descriptions.Item>
                {data.status === 'unpaid' && data.closeAt ? (
                  <Descriptions.Item label={t('commerce.field.closeAt')}>{formatTime(data.closeAt)}</Descriptions.Item>
                ) : null}
              </Descriptions>
              {data.status === 'unpaid' ? <BankTransferDetails order={data} /> : null}
              <OrderActions order={data} />
            </Flex>
          </Card>
        )}
      </DataState>
    </PageContainer>
  );
}
