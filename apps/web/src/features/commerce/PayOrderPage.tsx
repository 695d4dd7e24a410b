import type { Order, QrPayment } from '@edgeward/contract';
import { Alert, Button, Card, Descriptions, Flex, Radio, Result, Spin, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { useAfterPayment, useBalance, useOrder, usePayByBalance, usePayByQr } from '../../api/commerce';
import { DataState } from '../../components/DataState';
import { PageContainer } from '../../components/PageContainer';
import { useI18n } from '../../i18n';
import { formatTime } from '../../lib/time';
import { useTabSubject } from '../../stores/tabs';
import { BankTransferDetails } from './BankTransferDetails';
import { newIdempotencyKey, yuan } from './money';

/** A missing or foreign order answers NOT_FOUND, a closed one ORDER_CLOSED: the same message for both. */
function isGone(error: unknown): boolean {
  return error instanceof ApiError && (error.error === 'NOT_FOUND' || error.error === 'ORDER_CLOSED');
}

/**
 * /order/:id/pay: the payment view (spec sections 4 and 8). An unpaid order is paid from the balance or by QR code
 * and the view polls until the order turns paid (支付成功); a cancelled, completed, refunded or missing order gets
 * its message instead.
 */
export default function PayOrderPage() {
  const { t } = useI18n();
  const id = Number(useParams().id);
  // Whether this view saw the order unpaid: a payment made here says 支付成功, an order paid before says completed.
  const sawUnpaid = useRef(false);
  const order = useOrder(id, true);
  // Several orders paid side by side: each tab names its order.
  useTabSubject(order.data?.orderNo);
  const afterPayment = useAfterPayment();
  const status = order.data?.status;
  // Paid while this view watched (the QR notification): balance, statement, orders and packages have changed.
  useEffect(() => {
    if (status === 'paid' && sawUnpaid.current) afterPayment();
  }, [status, afterPayment]);

  if (order.error && isGone(order.error)) return <PayOutcome kind="closed" />;
  return (
    <PageContainer>
      <DataState remote={order} failure={t('commerce.order.loadFailed')}>
        {(data) => {
          if (data.status === 'unpaid') {
            sawUnpaid.current = true;
            return <PayUnpaid order={data} />;
          }
          if (data.status === 'paid')
            return <PayOutcome kind={sawUnpaid.current ? 'success' : 'completed'} order={data} />;
          return <PayOutcome kind={data.status} order={data} />;
        }}
      </DataState>
    </PageContainer>
  );
}

type OutcomeKind = 'success' | 'completed' | 'cancelled' | 'refunded' | 'closed';

function PayOutcome({ kind, order }: { kind: OutcomeKind; order?: Order }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const status = kind === 'success' || kind === 'completed' ? 'success' : kind === 'closed' ? 'warning' : 'info';
  const next =
    order?.kind === 'recharge' ? (
      <Button key="balance" onClick={() => navigate('/recharge')}>
        {t('commerce.pay.toBalance')}
      </Button>
    ) : order ? (
      <Button key="packages" onClick={() => navigate(order.packageType === 'edge_plan' ? '/eoPlan' : '/plan')}>
        {t('menu.plan')}
      </Button>
    ) : null;
  return (
    <Result
      status={status}
      title={<span data-testid="pay-outcome">{t(`commerce.pay.outcome.${kind}`)}</span>}
      subTitle={order ? `${order.orderNo} · ${order.productName} · ${yuan(order.amountFen)}` : undefined}
      extra={[
        order ? (
          <Button key="order" type="primary" onClick={() => navigate(`/order/${order.id}`)}>
            {t('menu.order.detail')}
          </Button>
        ) : null,
        next,
        <Button key="orders" onClick={() => navigate('/order')}>
          {t('menu.order')}
        </Button>,
      ]}
    />
  );
}

function OrderSummary({ order }: { order: Order }) {
  const { t } = useI18n();
  return (
    <Descriptions column={1} size="small" bordered data-testid="pay-summary">
      <Descriptions.Item label={t('commerce.field.orderNo')}>{order.orderNo}</Descriptions.Item>
      <Descriptions.Item label={t('commerce.field.product')}>
        {order.productName}
        {order.spec ? ` · ${order.spec}` : ''}
      </Descriptions.Item>
      <Descriptions.Item label={t('commerce.field.amount')}>
        <Typography.Text strong style={{ fontSize: 18 }} data-testid="pay-amount">
          {yuan(order.amountFen)}
        </Typography.Text>
      </Descriptions.Item>
      {order.closeAt ? (
        <Descriptions.Item label={t('commerce.field.closeAt')}>{formatTime(order.closeAt)}</Descriptions.Item>
      ) : null}
    </Descriptions>
  );
}

function PayUnpaid({ order }: { order: Order }) {
  const { t } = useI18n();
  const byBalanceAllowed = order.kind === 'package';
  const [method, setMethod] = useState<'balance' | 'qr'>(byBalanceAllowed ? 'balance' : 'qr');
  return (
    <Card>
      <Flex vertical gap={16}>
        <OrderSummary order={order} />
        {order.paymentMethod === 'bank_transfer' ? (
          <BankTransferDetails order={order} />
        ) : (
          <>
            {byBalanceAllowed ? (
              <Radio.Group
                optionType="button"
                value={method}
                onChange={(event) => setMethod(event.target.value)}
                options={[
                  { value: 'balance', label: t('commerce.paymentMethod.balance') },
                  { value: 'qr', label: t('commerce.paymentMethod.qr') },
                ]}
                data-testid="pay-method"
              />
            ) : null}
            {method === 'balance' ? <PayByBalance order={order} /> : <PayByQr order={order} />}
          </>
        )}
      </Flex>
    </Card>
  );
}

function PayByBalance({ order }: { order: Order }) {
  const { t } = useI18n();
  const balance = useBalance();
  const pay = usePayByBalance();
  // One key per attempt, kept until the server has answered: a retry after a lost answer cannot pay twice.
  const attemptKey = useRef<string | null>(null);
  const short = balance.data !== undefined && BigInt(balance.data.balanceFen) < BigInt(order.amountFen);

  const run = async () => {
    attemptKey.current ??= newIdempotencyKey();
    try {
      await pay.mutateAsync({ id: order.id, idempotencyKey: attemptKey.current });
      attemptKey.current = null;
    } catch (error) {
      // The request function has shown why; an answer (not a lost one) ends the attempt.
      if (error instanceof ApiError && error.status > 0) attemptKey.current = null;
    }
  };

  return (
    <Flex vertical gap={12} align="flex-start">
      <Typography.Text data-testid="pay-balance">
        {t('commerce.pay.balanceNow', { balance: balance.data ? yuan(balance.data.balanceFen) : '…' })}
      </Typography.Text>
      {short ? <Alert type="warning" showIcon title={t('errors.INSUFFICIENT_BALANCE')} /> : null}
      <Button
        type="primary"
        loading={pay.isPending}
        disabled={short}
        onClick={() => void run()}
        data-testid="pay-by-balance"
      >
        {t('commerce.pay.byBalance', { amount: yuan(order.amountFen) })}
      </Button>
    </Flex>
  );
}

function PayByQr({ order }: { order: Order }) {
  const { t } = useI18n();
  const create = usePayByQr();
  const [payment, setPayment] = useState<QrPayment | null>(null);

  const start = async () => {
    try {
      setPayment(await create.mutateAsync(order.id));
    } catch {
      // The request function has shown why.
    }
  };

  if (!payment) {
    return (
      <Button type="primary" loading={create.isPending} onClick={() => void start()} data-testid="pay-by-qr">
        {t('commerce.pay.showQr')}
      </Button>
    );
  }
  return (
    <Flex vertical gap={12} align="center" data-testid="qr-payment">
      {payment.sandbox ? (
        <Alert type="warning" showIcon title={t('commerce.pay.sandbox')} data-testid="sandbox-notice" />
      ) : null}
      <img src={payment.qrCode} alt={t('commerce.pay.qrAlt')} width={220} height={220} data-testid="qr-code" />
      <Typography.Text>{t('commerce.pay.scan')}</Typography.Text>
      <Typography.Link href={payment.payUrl} target="_blank" rel="noreferrer" data-testid="sandbox-pay-link">
        {t(payment.sandbox ? 'commerce.pay.openSandbox' : 'commerce.pay.openPayPage')}
      </Typography.Link>
      <Flex gap={8} align="center">
        <Spin size="small" />
        <Typography.Text type="secondary" data-testid="pay-waiting">
          {t('commerce.pay.waiting')}
        </Typography.Text>
      </Flex>
    </Flex>
  );
}
