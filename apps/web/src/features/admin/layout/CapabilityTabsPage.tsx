import { Result, Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { PageContainer } from '../../../components/PageContainer';
import { type CapabilityTab, tabOf, visibleTabs } from './capability-tabs';
import { useCurrentStaff } from './current-staff';

export interface DeskTab<K extends string> extends CapabilityTab<K> {
  label: ReactNode;
  Pane: () => React.JSX.Element;
}

/**
 * A desk page of the operator console: one tab per capability the member holds, the tab in view in the address
 * (`?tab=...`, so that a link or a reload keeps it), a 403 when none is open. Only the tab in view is drawn, so only
 * its calls are made.
 */
export function CapabilityTabsPage<K extends string>(props: {
  title: ReactNode;
  subTitle: ReactNode;
  tabs: readonly DeskTab<K>[];
  testId: string;
}) {
  const me = useCurrentStaff();
  const [params, setParams] = useSearchParams();
  const visible = visibleTabs(props.tabs, me.capabilities);
  const active = tabOf(params.get('tab'), visible);
  return (
    <PageContainer title={props.title} subTitle={props.subTitle}>
      {active ? (
        <Tabs
          activeKey={active}
          onChange={(key) => setParams({ tab: key }, { replace: true })}
          destroyOnHidden
          items={props.tabs
            .filter((tab) => visible.includes(tab.key))
            .map(({ key, label, Pane }) => ({ key, label, children: <Pane /> }))}
          data-testid={props.testId}
        />
      ) : (
        <Result status="403" title="403" />
      )}
    </PageContainer>
  );
}
