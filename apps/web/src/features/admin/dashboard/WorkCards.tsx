import { type StaffDashboard, ticketUrgencies } from '@edgeward/contract';
import { Card, Flex, Statistic, Table, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { EmptyState } from '../../../components/DataState';
import { formatTime } from '../../../lib/time';
import { useAdminI18n } from '../admin-texts';
import { ageOf } from './dashboard-figures';

const urgencyColor = { consultation: 'default', experience: 'blue', impact: 'orange', unavailable: 'red' } as const;

/**
 * A table that may be wider than its card (on a phone) scrolls sideways in this area, which takes the focus so that
 * the keyboard can scroll it too (WCAG's scrollable region rule).
 */
function Scrollable({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling area the keyboard must reach (axe scrollable-region-focusable)
    <section aria-label={label} tabIndex={0} style={{ overflowX: 'auto' }}>
      {children}
    </section>
  );
}

type OldTicket = StaffDashboard['tickets']['oldest'][number];

/** The tickets waiting for an answer: how many, by urgency, and the five that have waited longest. */
export function TicketsCard({ tickets, now }: { tickets: StaffDashboard['tickets']; now: number }) {
  const { t, locale } = useAdminI18n();
  return (
    <Card
      title={t('admin.dashboard.tickets')}
      size="small"
      style={{ height: '100%' }}
      data-testid="admin-dashboard-tickets"
    >
      <Flex vertical gap={12}>
        <Flex gap={16} wrap align="flex-end">
          <Statistic title={t('admin.dashboard.waitingTotal')} value={tickets.waiting} data-testid="tickets-waiting" />
          <Flex gap={4} wrap>
            {ticketUrgencies.map((urgency) => (
              <Tag key={urgency} color={urgencyColor[urgency]} data-testid={`tickets-${urgency}`}>
                {t(`support.urgency.${urgency}`)}: {tickets.byUrgency[urgency] ?? 0}
              </Tag>
            ))}
          </Flex>
        </Flex>
        <Typography.Text strong>{t('admin.dashboard.oldest')}</Typography.Text>
        <Scrollable label={t('admin.dashboard.oldest')}>
          <Table<OldTicket>
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={tickets.oldest}
            locale={{ emptyText: <EmptyState>{t('admin.dashboard.noTickets')}</EmptyState> }}
            data-testid="tickets-oldest"
            columns={[
              {
                title: t('admin.dashboard.ticket'),
                key: 'title',
                render: (_, ticket) => (
                  <Flex vertical>
                    <Typography.Text style={{ maxWidth: 280 }} ellipsis={{ tooltip: ticket.title }}>
                      {ticket.title}
                    </Typography.Text>
                    <Typography.Text type="secondary">{ticket.ticketNo}</Typography.Text>
                  </Flex>
                ),
              },
              { title: t('admin.dashboard.customer'), dataIndex: 'userName' },
              {
                title: t('support.field.urgency'),
                dataIndex: 'urgency',
                render: (urgency: OldTicket['urgency']) => (
                  <Tag color={urgencyColor[urgency]}>{t(`support.urgency.${urgency}`)}</Tag>
                ),
              },
              {
                title: t('admin.dashboard.age'),
                dataIndex: 'createdAt',
                render: (at: number) => <span title={formatTime(at)}>{ageOf(at, now, locale)}</span>,
              },
            ]}
          />
        </Scrollable>
      </Flex>
    </Card>
  );
}

type EdgeNode = StaffDashboard['edgeNodes'][number];

/** The edge nodes: when each last reported, how many published versions it has not applied, its failures. */
export function EdgeNodesCard({ nodes, now }: { nodes: EdgeNode[]; now: number }) {
  const { t, locale } = useAdminI18n();
  return (
    <Card
      title={t('admin.dashboard.edgeNodes')}
      size="small"
      style={{ height: '100%' }}
      data-testid="admin-dashboard-edge"
    >
      <Scrollable label={t('admin.dashboard.edgeNodes')}>
        <Table<EdgeNode>
          rowKey="name"
          size="small"
          pagination={false}
          dataSource={nodes}
          locale={{ emptyText: <EmptyState>{t('admin.dashboard.noEdgeNodes')}</EmptyState> }}
          columns={[
            { title: t('admin.dashboard.node'), dataIndex: 'name' },
            {
              title: t('admin.dashboard.lastContact'),
              dataIndex: 'lastContactAt',
              render: (at: number | null) =>
                at === null ? t('admin.dashboard.never') : <span title={formatTime(at)}>{ageOf(at, now, locale)}</span>,
            },
            {
              title: t('admin.dashboard.versionsBehind'),
              dataIndex: 'versionsBehind',
              render: (behind: number) => (behind > 0 ? <Tag color="orange">{behind}</Tag> : behind),
            },
            {
              title: t('admin.dashboard.failures'),
              dataIndex: 'failures',
              render: (failures: number) => (failures > 0 ? <Tag color="red">{failures}</Tag> : failures),
            },
          ]}
        />
      </Scrollable>
    </Card>
  );
}
