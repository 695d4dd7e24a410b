import { useAdminI18n } from '../admin-texts';
import { CapabilityTabsPage } from '../layout/CapabilityTabsPage';
import { financeTabs } from './finance-logic';
import { OrdersTab } from './OrdersTab';
import { PackagesTab } from './PackagesTab';
import { RevenueTab } from './RevenueTab';
import { TransfersTab } from './TransfersTab';

const panes = { orders: OrdersTab, transfers: TransfersTab, packages: PackagesTab, revenue: RevenueTab };

/** /admin/finance: the finance desk (orders, bank transfers, packages, revenue), a tab per capability held. */
export default function FinancePage() {
  const { t } = useAdminI18n();
  return (
    <CapabilityTabsPage
      title={t('admin.menu.finance')}
      subTitle={t('admin.finance.subtitle')}
      tabs={financeTabs.map((tab) => ({ ...tab, label: t(`admin.finance.tab.${tab.key}`), Pane: panes[tab.key] }))}
      testId="admin-finance-tabs"
    />
  );
}
