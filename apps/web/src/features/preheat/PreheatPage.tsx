import { cacheTaskTypes } from '@edgeward/contract';
import { Card, Grid, Tabs } from 'antd';
import { PageContainer } from '../../components/PageContainer';
import { accessibleTabBar } from '../../components/tab-bar';
import { useI18n } from '../../i18n';
import { CacheTaskForm } from './CacheTaskForm';
import { CacheTaskHistory } from './CacheTaskHistory';

/** /preheat: URL refresh, directory refresh and URL preheat, each in its tab, above the history of tasks. */
export default function PreheatPage() {
  const { t } = useI18n();
  // On a phone the three tabs fit side by side only with less padding around them and between them.
  const phone = Grid.useBreakpoint().sm === false;
  return (
    <PageContainer>
      <Card style={{ marginBottom: 16 }} size={phone ? 'small' : 'default'}>
        <Tabs
          renderTabBar={accessibleTabBar}
          destroyOnHidden
          tabBarGutter={phone ? 16 : undefined}
          items={cacheTaskTypes.map((type) => ({
            key: type,
            label: <span data-testid={`cache-task-tab-${type}`}>{t(`preheat.type.${type}`)}</span>,
            children: <CacheTaskForm type={type} />,
          }))}
        />
      </Card>
      <Card title={t('preheat.history.title')}>
        <CacheTaskHistory />
      </Card>
    </PageContainer>
  );
}
