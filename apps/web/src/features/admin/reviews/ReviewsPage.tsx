import { useAdminI18n } from '../admin-texts';
import { CapabilityTabsPage } from '../layout/CapabilityTabsPage';
import { DomainReviewsTab } from './DomainReviewsTab';
import { OwnershipTab } from './OwnershipTab';
import { RealNameTab } from './RealNameTab';
import { reviewTabs } from './review-tabs';

const panes = {
  domains: { label: 'adminDesk.reviews.domains', Pane: DomainReviewsTab },
  'real-name': { label: 'adminDesk.reviews.realName', Pane: RealNameTab },
  ownership: { label: 'adminDesk.reviews.ownership', Pane: OwnershipTab },
} as const;

/** /admin/reviews: the reviewer's desk (domains waiting, real-name submissions, ownership by hand). */
export default function ReviewsPage() {
  const { t } = useAdminI18n();
  return (
    <CapabilityTabsPage
      title={t('adminDesk.menu.reviews')}
      subTitle={t('adminDesk.reviews.subtitle')}
      tabs={reviewTabs.map((tab) => ({ ...tab, label: t(panes[tab.key].label), Pane: panes[tab.key].Pane }))}
      testId="admin-review-tabs"
    />
  );
}
