import { type Package, type PackageType, packageTypes } from '@edgeward/contract';
import { Button, Card, Col, Flex, Row, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { usePackageCatalogue } from '../../api/commerce';
import { DataState } from '../../components/DataState';
import { PageContainer } from '../../components/PageContainer';
import { RealNameRequired, useRealNameVerified } from '../../components/RealNameRequired';
import { useI18n } from '../../i18n';
import { yuan } from './money';

function byType(list: Package[]): [PackageType, Package[]][] {
  return packageTypes
    .map((type): [PackageType, Package[]] => [type, list.filter((item) => item.type === type)])
    .filter(([, items]) => items.length > 0);
}

/** /plan/buy: the packages on sale, by type; each leads to its detail, where the order is placed. */
export default function PackageCatalogue() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const verified = useRealNameVerified();
  const catalogue = usePackageCatalogue();
  return (
    <PageContainer subTitle={t('commerce.catalogue.subtitle')}>
      {verified ? null : <RealNameRequired banner reason={t('commerce.realName.required')} />}
      <DataState
        remote={catalogue}
        failure={t('commerce.catalogue.loadFailed')}
        isEmpty={(list) => list.length === 0}
        empty={t('commerce.catalogue.empty')}
      >
        {(list) => (
          <Flex vertical gap={24}>
            {byType(list).map(([type, items]) => (
              <section key={type}>
                <Typography.Title level={5}>{t(`commerce.packageType.${type}`)}</Typography.Title>
                <Row gutter={[16, 16]}>
                  {items.map((item) => (
                    <Col key={item.id} xs={24} sm={12} lg={8} xl={6}>
                      <Card size="small" data-testid="catalogue-package" style={{ height: '100%' }}>
                        <Flex vertical gap={8}>
                          <Typography.Text strong>{item.name}</Typography.Text>
                          <Typography.Text type="secondary">{item.spec}</Typography.Text>
                          <Typography.Text style={{ fontSize: 20 }}>{yuan(item.priceFen)}</Typography.Text>
                          <Typography.Text type="secondary">
                            {t('commerce.package.validity', { months: item.validityMonths })}
                          </Typography.Text>
                          {verified ? (
                            <Button
                              type="primary"
                              onClick={() => navigate(`/plan/buy/${item.id}`)}
                              data-testid="catalogue-buy"
                            >
                              {t('commerce.catalogue.buy')}
                            </Button>
                          ) : (
                            <RealNameRequired reason={t('commerce.realName.required')} />
                          )}
                        </Flex>
                      </Card>
                    </Col>
                  ))}
                </Row>
              </section>
            ))}
          </Flex>
        )}
      </DataState>
    </PageContainer>
  );
}
