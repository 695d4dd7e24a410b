import {
  type CacheTask,
  type CacheTaskStatus,
  type CacheTaskType,
  cacheTaskStatuses,
  cacheTaskTypes,
} from '@edgeward/contract';
import { Button, Card, Flex, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useCacheTasks, useResubmitCacheTask } from '../../api/preheat';
import { DateRangeFilter, ListFilter, type TimeRange, useListState } from '../../components/ListFilters';
import { PageTable } from '../../components/PageTable';
import { useI18n } from '../../i18n';
import { feedback } from '../../lib/feedback';
import { formatTime } from '../../lib/time';
import { CacheTaskDetailModal } from './CacheTaskDetailModal';
import { CacheTaskStatusTag } from './CacheTaskStatusTag';

interface Filters extends TimeRange {
  type?: CacheTaskType;
  status?: CacheTaskStatus;
}

/** The history of tasks, newest first, with type, state and date filters; a failed task's URLs can be resubmitted. */
export function CacheTaskHistory() {
  const { t } = useI18n();
  const { pageState, filters, change } = useListState<Filters>({});
  const [opened, setOpened] = useState<number>();
  const resubmit = useResubmitCacheTask();
  const list = useCacheTasks({
    page: pageState.page,
    size: pageState.size,
    ...(filters.type ? { type: filters.type } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.from !== undefined ? { from: filters.from } : {}),
    ...(filters.to !== undefined ? { to: filters.to } : {}),
  });
  const urlCell = (row: CacheTask) => (
    <Typography.Text code ellipsis style={{ maxWidth: 360 }} data-testid="cache-task-url">
      {row.firstUrl}
      {row.urlCount > 1 ? ` ${t('preheat.more', { n: row.urlCount - 1 })}` : ''}
    </Typography.Text>
  );
  const actions = (row: CacheTask) => (
    <Space size={4} wrap>
      <Button size="small" type="link" onClick={() => setOpened(row.id)} data-testid="cache-task-detail">
        {t('preheat.detail')}
      </Button>
      {row.status === 'failed' ? (
        <Button
          size="small"
          type="link"
          loading={resubmit.isPending && resubmit.variables === row.id}
          onClick={() =>
            resubmit.mutate(row.id, { onSuccess: () => feedback.message.success(t('preheat.resubmitted')) })
          }
          data-testid="cache-task-resubmit"
        >
          {t('preheat.resubmit')}
        </Button>
      ) : null}
    </Space>
  );

  const columns: ColumnsType<CacheTask> = [
    { title: t('preheat.field.url'), key: 'url', render: (_, row) => urlCell(row) },
    { title: t('preheat.field.type'), dataIndex: 'type', render: (type: CacheTaskType) => t(`preheat.type.${type}`) },
    { title: t('preheat.field.status'), key: 'status', render: (_, row) => <CacheTaskStatusTag status={row.status} /> },
    { title: t('preheat.field.count'), dataIndex: 'urlCount', align: 'right' },
    { title: t('preheat.field.createdAt'), dataIndex: 'createdAt', render: (at: number) => formatTime(at) },
    { title: t('preheat.field.finishedAt'), dataIndex: 'finishedAt', render: (at: number | null) => formatTime(at) },
    { title: t('preheat.field.actions'), key: 'actions', fixed: 'right', render: (_, row) => actions(row) },
  ];

  const card = (row: CacheTask) => (
    <Card size="small" data-testid="cache-task-card">
      <Flex vertical gap={6}>
        <Flex justify="space-between" align="center" gap={8}>
          <Typography.Text strong>{t(`preheat.type.${row.type}`)}</Typography.Text>
          <CacheTaskStatusTag status={row.status} />
        </Flex>
        {urlCell(row)}
        <Typography.Text type="secondary">{formatTime(row.createdAt)}</Typography.Text>
        {actions(row)}
      </Flex>
    </Card>
  );

  return (
    <>
      <PageTable<CacheTask>
        rowKey="id"
        remote={list}
        failure={t('preheat.history.loadFailed')}
        pageState={pageState}
        columns={columns}
        card={card}
        emptyText={t('preheat.history.empty')}
        toolbar={
          <>
            <ListFilter<CacheTaskType>
              value={filters.type}
              onChange={(type) => change({ type })}
              values={cacheTaskTypes}
              label={(type) => t(`preheat.type.${type}`)}
              placeholder={t('preheat.history.typeFilter')}
              width={160}
              testId="cache-task-type-filter"
            />
            <ListFilter<CacheTaskStatus>
              value={filters.status}
              onChange={(status) => change({ status })}
              values={cacheTaskStatuses}
              label={(status) => t(`preheat.status.${status}`)}
              placeholder={t('preheat.history.statusFilter')}
              width={140}
              testId="cache-task-status-filter"
            />
            <DateRangeFilter
              testId="cache-task-time-filter"
              onChange={(range) => change({ from: range.from, to: range.to })}
            />
          </>
        }
      />
      {opened !== undefined ? <CacheTaskDetailModal id={opened} onClose={() => setOpened(undefined)} /> : null}
    </>
  );
}
