import { type AccelerationType, type StaffDomainReview, StaffReasonSchema } from '@edgeward/contract';
import { App, Card, Flex, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useApproveDomain, useDomainReviews, useRejectDomain } from '../../../api/admin-desk';
import { Clipped } from '../../../components/Clipped';
import { ConfirmButton } from '../../../components/ConfirmButton';
import { RemoteTable } from '../../../components/PageTable';
import { ReasonConfirmButton } from '../../../components/ReasonConfirmButton';
import { formatTime } from '../../../lib/time';
import { useAdminI18n } from '../admin-texts';

const reasonSchema = StaffReasonSchema.shape.reason;
const rowsOf = (list: StaffDomainReview[]) => list;

/** Approve (deployed to the edge) or reject with a reason the customer sees. */
function DomainDecision({ review }: { review: StaffDomainReview }) {
  const { t } = useAdminI18n();
  const { message } = App.useApp();
  const approve = useApproveDomain();
  const reject = useRejectDomain();
  const domain = review.domainName;
  return (
    <Flex gap={4} wrap>
      <ConfirmButton
        type="link"
        size="small"
        mode="modal"
        title={t('adminDesk.domains.approveConfirm', { domain })}
        description={t('adminDesk.domains.approveHint')}
        okText={t('adminDesk.domains.approve')}
        onConfirm={() =>
          // A failure (decided meanwhile) has been shown by the request function.
          approve.mutateAsync(review.id).then(
            () => message.success(t('adminDesk.domains.approved', { domain })),
            () => undefined,
          )
        }
        data-testid="admin-domain-approve"
      >
        {t('adminDesk.domains.approve')}
      </ConfirmButton>
      <ReasonConfirmButton
        type="link"
        size="small"
        danger
        dangerous
        title={t('adminDesk.domains.rejectConfirm', { domain })}
        description={t('adminDesk.domains.rejectHint')}
        reasonLabel={t('adminDesk.reviews.reason')}
        reasonSchema={reasonSchema}
        okText={t('adminDesk.domains.reject')}
        onConfirm={(reason) =>
          reject
            .mutateAsync({ id: review.id, reason })
            .then(() => message.success(t('adminDesk.domains.rejected', { domain })))
        }
        data-testid="admin-domain-reject"
      >
        {t('adminDesk.domains.reject')}
      </ReasonConfirmButton>
    </Flex>
  );
}

/** The domains waiting for a reviewer, oldest first: new domains (when reviewed) and every whole-site one. */
export function DomainReviewsTab() {
  const { t } = useAdminI18n();
  const reviews = useDomainReviews();

  const name = (review: StaffDomainReview) => (
    <Clipped text={review.domainName} maxWidth={280} testId="admin-domain-name" />
  );
  const wholeSite = (review: StaffDomainReview) =>
    review.wholeSite ? (
      <Tag color="orange">{t('adminDesk.domains.wholeSite')}</Tag>
    ) : (
      <Typography.Text type="secondary">{t('adminDesk.domains.no')}</Typography.Text>
    );
  const columns: ColumnsType<StaffDomainReview> = [
    { title: t('adminDesk.domains.domain'), key: 'domainName', render: (_, review) => name(review) },
    {
      title: t('adminDesk.domains.type'),
      dataIndex: 'type',
      render: (type: AccelerationType) => t(`domain.type.${type}`),
    },
    { title: t('adminDesk.domains.wholeSite'), key: 'wholeSite', render: (_, review) => wholeSite(review) },
    {
      title: t('adminDesk.domains.variant'),
      dataIndex: 'variant',
      render: (variant: StaffDomainReview['variant']) => t(`adminDesk.domains.variant.${variant}`),
    },
    { title: t('adminDesk.reviews.customer'), dataIndex: 'userName' },
    { title: t('adminDesk.reviews.submitted'), dataIndex: 'createdAt', render: (at: number) => formatTime(at) },
    {
      title: t('adminDesk.reviews.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, review) => <DomainDecision review={review} />,
    },
  ];
  const card = (review: StaffDomainReview) => (
    <Card size="small" data-testid="admin-domain-card">
      <Flex vertical gap={6}>
        {name(review)}
        <Flex gap={8} wrap align="center">
          <span>{t(`domain.type.${review.type}`)}</span>
          {review.wholeSite ? wholeSite(review) : null}
          <Tag>{t(`adminDesk.domains.variant.${review.variant}`)}</Tag>
        </Flex>
        <Typography.Text type="secondary">
          {review.userName} · {formatTime(review.createdAt)}
        </Typography.Text>
        <DomainDecision review={review} />
      </Flex>
    </Card>
  );

  return (
    <RemoteTable<StaffDomainReview, StaffDomainReview[]>
      rowKey="id"
      remote={reviews}
      rows={rowsOf}
      columns={columns}
      card={card}
      failure={t('adminDesk.domains.loadFailed')}
      emptyText={<span data-testid="admin-domain-empty">{t('adminDesk.domains.empty')}</span>}
      data-testid="admin-domain-table"
    />
  );
}
