import {
  type FaceCheckStatus,
  limits,
  realNameReviewStates,
  type StaffRealNameReview,
  StaffReasonSchema,
} from '@edgeward/contract';
import { App, Card, Flex, Segmented, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useApproveRealName, useRealNameReviews, useRevokeRealName } from '../../../api/admin-desk';
import { ListSearch, useListState } from '../../../components/ListFilters';
import { PageTable } from '../../../components/PageTable';
import { ReasonConfirmButton } from '../../../components/ReasonConfirmButton';
import { formatTime } from '../../../lib/time';
import { useAdminI18n } from '../admin-texts';

const reasonSchema = StaffReasonSchema.shape.reason;
type RealNameReviewState = (typeof realNameReviewStates)[number];

const faceColors: Record<FaceCheckStatus, string> = {
  pending: 'processing',
  passed: 'success',
  failed: 'error',
  superseded: 'default',
  revoked: 'default',
  expired: 'warning',
};

/** Accept a waiting submission or revoke a verification, each with a reason (the id is the customer's). */
function RealNameDecision({ row }: { row: StaffRealNameReview }) {
  const { t } = useAdminI18n();
  const { message } = App.useApp();
  const approve = useApproveRealName();
  const revoke = useRevokeRealName();
  const name = row.userName;
  const common = { type: 'link', size: 'small', reasonLabel: t('adminDesk.reviews.reason'), reasonSchema } as const;
  return row.verified ? (
    <ReasonConfirmButton
      {...common}
      danger
      dangerous
      title={t('adminDesk.realName.revokeConfirm', { name })}
      description={t('adminDesk.realName.revokeHint')}
      okText={t('adminDesk.realName.revoke')}
      onConfirm={(reason) =>
        revoke
          .mutateAsync({ id: row.userId, reason })
          .then(() => message.success(t('adminDesk.realName.revoked', { name })))
      }
      data-testid="admin-real-name-revoke"
    >
      {t('adminDesk.realName.revoke')}
    </ReasonConfirmButton>
  ) : (
    <ReasonConfirmButton
      {...common}
      title={t('adminDesk.realName.acceptConfirm', { name })}
      description={t('adminDesk.realName.acceptHint')}
      okText={t('adminDesk.realName.accept')}
      onConfirm={(reason) =>
        approve
          .mutateAsync({ id: row.userId, reason })
          .then(() => message.success(t('adminDesk.realName.accepted', { name })))
      }
      data-testid="admin-real-name-accept"
    >
      {t('adminDesk.realName.accept')}
    </ReasonConfirmButton>
  );
}

/** Real-name submissions waiting for a reviewer, or the verified accounts; searched by the customer's name. */
export function RealNameTab() {
  const { t } = useAdminI18n();
  const list = useListState<{ state: RealNameReviewState; search: string }>({ state: 'waiting', search: '' });
  const { state, search } = list.filters;
  const reviews = useRealNameReviews({
    page: list.pageState.page,
    size: list.pageState.size,
    state,
    ...(search ? { search } : {}),
  });

  const face = (row: StaffRealNameReview) =>
    row.submission ? (
      <Flex gap={4} wrap>
        <Tag color={faceColors[row.submission.faceCheck]} data-testid="admin-real-name-face">
          {t(`adminDesk.realName.face.${row.submission.faceCheck}`)}
        </Tag>
        {row.submission.operatorReview ? <Tag>{t('adminDesk.realName.operatorReview')}</Tag> : null}
      </Flex>
    ) : (
      <Typography.Text type="secondary">{t('adminDesk.realName.byHand')}</Typography.Text>
    );
  // The masked number stays on one line: broken, it ran one character per line on a phone.
  const idNumber = (row: StaffRealNameReview) => (
    <span style={{ whiteSpace: 'nowrap' }} data-testid="admin-real-name-id">
      {row.submission?.idNumber ?? '-'}
    </span>
  );
  const columns: ColumnsType<StaffRealNameReview> = [
    { title: t('adminDesk.reviews.customer'), dataIndex: 'userName' },
    { title: t('adminDesk.realName.name'), key: 'realName', render: (_, row) => row.submission?.realName ?? '-' },
    { title: t('adminDesk.realName.idNumber'), key: 'idNumber', render: (_, row) => idNumber(row) },
    { title: t('adminDesk.realName.faceCheck'), key: 'faceCheck', render: (_, row) => face(row) },
    {
      title: t('adminDesk.reviews.submitted'),
      key: 'submittedAt',
      render: (_, row) => formatTime(row.submission?.submittedAt),
    },
    {
      title: t('adminDesk.reviews.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, row) => <RealNameDecision row={row} />,
    },
  ];
  const card = (row: StaffRealNameReview) => (
    <Card size="small" data-testid="admin-real-name-card">
      <Flex vertical gap={6}>
        <Typography.Text strong>{row.userName}</Typography.Text>
        <Flex gap={8} wrap>
          <span>{row.submission?.realName ?? '-'}</span>
          {idNumber(row)}
        </Flex>
        {face(row)}
        {row.submission ? (
          <Typography.Text type="secondary">{formatTime(row.submission.submittedAt)}</Typography.Text>
        ) : null}
        <RealNameDecision row={row} />
      </Flex>
    </Card>
  );
  const empty = search
    ? t('adminDesk.realName.noMatch')
    : t(state === 'waiting' ? 'adminDesk.realName.emptyWaiting' : 'adminDesk.realName.emptyVerified');

  return (
    <PageTable<StaffRealNameReview>
      rowKey="userId"
      remote={reviews}
      pageState={list.pageState}
      columns={columns}
      card={card}
      failure={t('adminDesk.realName.loadFailed')}
      emptyText={<span data-testid="admin-real-name-empty">{empty}</span>}
      toolbar={
        <>
          <Segmented<RealNameReviewState>
            value={state}
            onChange={(value) => list.change({ state: value })}
            options={realNameReviewStates.map((value) => ({ value, label: t(`adminDesk.realName.${value}`) }))}
            aria-label={t('adminDesk.realName.state')}
            data-testid="admin-real-name-state"
          />
          <ListSearch
            text={list.search}
            onText={list.setSearch}
            committed={search}
            onCommit={(text) => list.change({ search: text })}
            placeholder={t('adminDesk.realName.search')}
            maxLength={limits.account.userNameMax}
            testId="admin-real-name-search"
          />
        </>
      }
      data-testid="admin-real-name-table"
    />
  );
}
