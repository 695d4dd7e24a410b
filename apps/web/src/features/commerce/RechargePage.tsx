import { Card, Col, Row, Statistic, Typography } from 'antd';
import { useBalance } from '../../api/commerce';
import { DataState } from '../../components/DataState';
import { PageContainer } from '../../components/PageContainer';
import { useI18n } from '../../i18n';
import { yuan } from './money';
import { RechargeForm } from './RechargeForm';
import { Statement } from './Statement';

/** /recharge: the balance, the recharge form, and the statement of every change. */
export default function RechargePage() {
  const { t } = useI18n();
  const balance = useBalance();
  return (
    <PageContainer subTitle={t('commerce.recharge.subtitle')}>
      <Row gutter={[16, 16]} style={{ marginBottom: 24 }}>
        <Col xs={24} md={8}>
          <Card>
            <DataState remote={balance} failure={t('commerce.balance.loadFailed')}>
              {(data) => (
                <Statistic
                  title={t('commerce.balance.title')}
                  value={yuan(data.balanceFen)}
                  valueRender={(node) => <span data-testid="balance">{node}</span>}
                />
              )}
            </DataState>
          </Card>
        </Col>
        <Col xs={24} md={16}>
          <Card title={t('commerce.recharge.title')}>
            <RechargeForm />
          </Card>
        </Col>
      </Row>
      <Typography.Title level={5} id="statement">
        {t('commerce.statement.title')}
      </Typography.Title>
      <Statement />
    </PageContainer>
  );
}
