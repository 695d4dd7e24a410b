import { useAdminI18n } from '../admin-texts';
import { CapabilityTabsPage } from '../layout/CapabilityTabsPage';
import { edgeTabs } from './edge-logic';
import { FailuresTab } from './FailuresTab';
import { NodesTab } from './NodesTab';
import { TrafficImportTab } from './TrafficImportTab';

const panes = {
  nodes: { label: 'adminEdge.tab.nodes', Pane: NodesTab },
  failures: { label: 'adminEdge.tab.failures', Pane: FailuresTab },
  import: { label: 'adminEdge.tab.import', Pane: TrafficImportTab },
} as const;

/** /admin/edge: operations' desk (the nodes with republish, the failures with nginx's message, traffic import). */
export default function EdgePage() {
  const { t } = useAdminI18n();
  return (
    <CapabilityTabsPage
      title={t('adminEdge.menu.edge')}
      subTitle={t('adminEdge.subtitle')}
      tabs={edgeTabs.map((tab) => ({ ...tab, label: t(panes[tab.key].label), Pane: panes[tab.key].Pane }))}
      testId="admin-edge-tabs"
    />
  );
}
