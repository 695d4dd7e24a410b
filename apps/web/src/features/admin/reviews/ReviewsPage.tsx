import { Result, Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { PageContainer } from '../../../components/PageContainer';
import { useAdminI18n } from '../admin-texts';
import { useCurrentStaff } from '../layout/current-staff';
import { DomainReviewsTab } from './DomainReviewsTab';
import { OwnershipTab } from './OwnershipTab';
import { RealNameTab } from './RealNameTab';
import { type ReviewTab, reviewTabOf, visibleReviewTabs } from './review-tabs';

const panes: Record<
  ReviewTab,
  {
    label: 'adminDesk.reviews.domains' | 'adminDesk.reviews.realName' | 'adminDesk.reviews.ownership';
    Pane: () => React.JSX.Element;
  }
> = {
  domains: { label: 'adminDesk.reviews.domains', Pane: DomainReviewsTab },
  'real-name': { label: 'adminDesk.reviews.realName', Pane: RealNameTab },
  ownership: { label: 'adminDesk.reviews.ownership', Pane: OwnershipTab },
};

/**
 * /admin/reviews: the reviewer's desk, one tab per capability the member holds (domains waiting, real-name
 * submissions, ownership by hand); the tab in view is in the address (`?tab=real-name`). Only the tab in view is
 * drawn, so only its calls are made.
 */
export default function ReviewsPage() {
  const { t } = useAdminI18n();
  const me = useCurrentStaff();
  const [params, setParams] = useSearchParams();
  const visible = visibleReviewTabs(me.capabilities);
  const active = reviewTabOf(params.get('tab'), visible);

  return (
    <PageContainer title={t('adminDesk.menu.reviews')} subTitle={t('adminDesk.reviews.subtitle')}>
      {active ? (
        <Tabs
          activeKey={active}
          onChange={(key) => setParams({ tab: key }, { replace: true })}
          destroyOnHidden
          items={visible.map((key) => {
            const { label, Pane } = panes[key];
            return { key, label: t(label), children: <Pane /> };
          })}
          data-testid="admin-review-tabs"
        />
      ) : (
        <Result status="403" title="403" />
      )}
    </PageContainer>
  );
}
