import { Result, Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { PageContainer } from '../../../components/PageContainer';
import { useAdminI18n } from '../admin-texts';
import { useCurrentStaff } from '../layout/current-staff';
import { type FinanceTab, financeTabOf, visibleFinanceTabs } from './finance-logic';
import { OrdersTab } from './OrdersTab';
import { PackagesTab } from './PackagesTab';
import { RevenueTab } from './RevenueTab';
import { TransfersTab } from './TransfersTab';

const panes: Record<FinanceTab, () => React.JSX.Element> = {
  orders: OrdersTab,
  transfers: TransfersTab,
  packages: PackagesTab,
  revenue: RevenueTab,
};

/**
 * /admin/finance: the finance desk, one tab per capability the member holds (orders, bank transfers, packages,
 * revenue); the tab in view is in the address (`?tab=transfers`), so that a link or a reload keeps it. Only the tab
 * in view is drawn, so only its calls are made.
 */
export default function FinancePage() {
  const { t } = useAdminI18n();
  const me = useCurrentStaff();
  const [params, setParams] = useSearchParams();
  const visible = visibleFinanceTabs(me.capabilities);
  const active = financeTabOf(params.get('tab'), visible);

  return (
    <PageContainer title={t('admin.menu.finance')} subTitle={t('admin.finance.subtitle')}>
      {active ? (
        <Tabs
          activeKey={active}
          onChange={(key) => setParams({ tab: key }, { replace: true })}
          destroyOnHidden
          items={visible.map((key) => {
            const Pane = panes[key];
            return { key, label: t(`admin.finance.tab.${key}`), children: <Pane /> };
          })}
          data-testid="admin-finance-tabs"
        />
      ) : (
        <Result status="403" title="403" />
      )}
    </PageContainer>
  );
}
