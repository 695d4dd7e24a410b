import { ArrowLeftOutlined } from '@ant-design/icons';
import { canEditDomainConfig, type DomainDetail } from '@edgeward/contract';
import { Alert, Button, Card, Flex, Result, Tabs } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { useConfigSaver, useDomainConfig, useDomainDetail } from '../../api/domain';
import { DataState, LoadingState } from '../../components/DataState';
import { PageContainer } from '../../components/PageContainer';
import { RealNameRequired, useRealNameVerified } from '../../components/RealNameRequired';
import { SampleTag } from '../../components/SampleTag';
import { accessibleTabBar } from '../../components/tab-bar';
import { useI18n } from '../../i18n';
import { bothOf } from '../../lib/remote-state';
import { useTabSubject } from '../../stores/tabs';
import { DomainStatusTag } from './DomainStatusTag';
import { isSettingTab, type SettingTab, settingsPath, settingTabs } from './paths';
import { AccessTab } from './settings/AccessTab';
import { AdvancedTab } from './settings/AdvancedTab';
import { BasicTab } from './settings/BasicTab';
import { CacheTab } from './settings/CacheTab';
import { HttpsTab } from './settings/HttpsTab';
import { OriginTab } from './settings/OriginTab';
import { ProtectionTab } from './settings/ProtectionTab';
import { SettingsContext, type SettingsContextValue } from './settings/settings-context';
import { useUnsavedEditsGuard } from './settings/unsaved-edits';

const tabContent: Record<SettingTab, (detail: DomainDetail) => ReactNode> = {
  basic: (detail) => <BasicTab detail={detail} />,
  origin: () => <OriginTab />,
  https: () => <HttpsTab />,
  cache: () => <CacheTab />,
  access: () => <AccessTab />,
  advanced: () => <AdvancedTab />,
  protection: () => <ProtectionTab />,
};

/**
 * /domain/setting/{tab}/{id}: one tab per part of the configuration, bound to the address. Each section saves its
 * own segment; edits not yet saved are confirmed before switching tabs or leaving (also on reload or close).
 */
export default function DomainSettingsPage() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const params = useParams();
  const id = Number(params.id);
  const validId = Number.isInteger(id) && id > 0;
  const config = useDomainConfig(id);
  const detail = useDomainDetail(id, validId);

  const { setDirty } = useUnsavedEditsGuard();
  const saveSegment = useConfigSaver(id);

  const context = useMemo<SettingsContextValue | null>(
    () =>
      config.data && detail.data
        ? {
            id,
            config: config.data,
            editable: canEditDomainConfig(detail.data.status),
            saveSegment,
            setDirty,
          }
        : null,
    [id, config.data, detail.data, saveSegment, setDirty],
  );
  useTabSubject(config.data?.domainName ?? detail.data?.domainName);
  const verified = useRealNameVerified();

  if (!validId) return <Navigate to="/domain" replace />;
  if (!isSettingTab(params.tab)) return <Navigate to={settingsPath(id)} replace />;
  const tab = params.tab;

  const failed = config.error ?? detail.error;
  const notFound = failed instanceof ApiError && failed.status === 404;
  if (notFound) {
    return (
      <PageContainer>
        <Result
          status="404"
          title={t('domain.settings.notFound')}
          subTitle={t('domain.settings.notFoundHint')}
          extra={
            <Button type="primary" onClick={() => navigate('/domain')}>
              {t('domain.backToList')}
            </Button>
          }
        />
      </PageContainer>
    );
  }

  const title = config.data?.domainName ?? t('menu.domain.setting');
  return (
    <PageContainer
      title={
        <Flex align="center" gap={8}>
          <Button
            type="text"
            icon={<ArrowLeftOutlined />}
            aria-label={t('domain.backToList')}
            onClick={() => navigate('/domain')}
          />
          <span data-testid="settings-domain-name">{title}</span>
          {detail.data?.sample ? <SampleTag /> : null}
        </Flex>
      }
      subTitle={detail.data ? <DomainStatusTag status={detail.data.status} reason={detail.data.statusReason} /> : null}
    >
      {verified ? null : <RealNameRequired banner reason={t('identity.required.domain')} />}
      {detail.data && !canEditDomainConfig(detail.data.status) ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('domain.settings.readOnly', { status: t(`domain.status.${detail.data.status}`) })}
        />
      ) : null}
      <Card styles={{ body: { paddingTop: 4 } }}>
        <Tabs
          renderTabBar={accessibleTabBar}
          activeKey={tab}
          destroyOnHidden
          onChange={(key) => navigate(settingsPath(id, key as SettingTab))}
          items={settingTabs.map((key) => ({
            key,
            label: <span data-testid={`settings-tab-${key}`}>{t(`domain.tab.${key}`)}</span>,
            children: (
              <DataState
                remote={bothOf(config, detail)}
                failure={t('domain.settings.loadFailed')}
                loading={<LoadingState paragraph={{ rows: 8 }} />}
              >
                {() =>
                  context && detail.data ? (
                    <SettingsContext.Provider value={context}>{tabContent[key](detail.data)}</SettingsContext.Provider>
                  ) : null
                }
              </DataState>
            ),
          }))}
        />
      </Card>
    </PageContainer>
  );
}
