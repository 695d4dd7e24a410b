import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Flex, Tabs } from 'antd';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useEoDomain } from '../../api/eo';
import { DataState, LoadingState } from '../../components/DataState';
import { PageContainer } from '../../components/PageContainer';
import { SampleTag } from '../../components/SampleTag';
import { accessibleTabBar } from '../../components/tab-bar';
import { useI18n } from '../../i18n';
import { DomainStatusTag, listPath, settingsPath } from '../domain';
import { EoGeneralTab } from './EoGeneralTab';
import { EoHttpsForm } from './EoHttpsForm';
import { EoOriginForm } from './EoOriginForm';
import { EoSecurityPolicyForm } from './EoSecurityPolicyForm';

const eoTabs = ['basic', 'origin', 'https', 'config', 'security'] as const;
type EoTab = (typeof eoTabs)[number];

/** /eodomain/setting/{tab}/{id}: an edge-platform domain's basic information, its origin, HTTPS, general settings and security policy: the spec's four parts. */
export default function EoDomainSettingsPage() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const params = useParams();
  const id = Number(params.id);
  const domain = useEoDomain(id);
  const tab = params.tab as EoTab;
  if (!eoTabs.includes(tab)) return <Navigate to={settingsPath(id, 'basic', 'eo')} replace />;
  return (
    <PageContainer
      extra={
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(listPath('eo'))}>
          {t('domain.backToList')}
        </Button>
      }
    >
      <DataState
        remote={domain}
        failure={t('eo.settings.loadFailed')}
        loading={<LoadingState paragraph={{ rows: 6 }} />}
      >
        {(data) => (
          <Flex vertical gap={16}>
            <Card size="small">
              <Flex align="center" gap={8} wrap>
                <strong data-testid="eo-domain-name">{data.domainName}</strong>
                <DomainStatusTag status={data.status} />
                {data.sample ? <SampleTag /> : null}
              </Flex>
            </Card>
            <Tabs
              renderTabBar={accessibleTabBar}
              activeKey={tab}
              onChange={(key) => navigate(settingsPath(id, key as EoTab, 'eo'))}
              items={[
                {
                  key: 'basic',
                  label: t('eo.settings.basic'),
                  children: (
                    <Descriptions bordered size="small" column={1}>
                      <Descriptions.Item label={t('eo.settings.cname')}>{data.cname || '-'}</Descriptions.Item>
                      <Descriptions.Item label={t('eo.settings.origin')}>
                        {data.sourceConfig.sources[0]?.ipOrDomain.join(', ') ?? '-'}
                      </Descriptions.Item>
                      <Descriptions.Item label="HTTPS">{data.httpsConfig.https.toUpperCase()}</Descriptions.Item>
                      <Descriptions.Item label={t('eo.settings.version')}>{data.configVersion}</Descriptions.Item>
                    </Descriptions>
                  ),
                },
                { key: 'origin', label: t('eo.settings.origin'), children: <EoOriginForm domain={data} /> },
                { key: 'https', label: 'HTTPS', children: <EoHttpsForm domain={data} /> },
                { key: 'config', label: t('eo.config.title'), children: <EoGeneralTab domain={data} /> },
                { key: 'security', label: t('eo.settings.security'), children: <EoSecurityPolicyForm domain={data} /> },
              ]}
            />
          </Flex>
        )}
      </DataState>
    </PageContainer>
  );
}
