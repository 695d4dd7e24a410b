import {
  limits,
  type StaffTicket,
  type TicketStatus,
  type TicketUrgency,
  ticketStatuses,
  ticketUrgencies,
} from '@edgeward/contract';
import { Card, Flex, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import { useStaffTickets } from '../../../api/admin-desk';
import { Clipped } from '../../../components/Clipped';
import { ListScreen, useListScreen } from '../../../components/ListScreen';
import { PageContainer } from '../../../components/PageContainer';
import { formatTime } from '../../../lib/time';
import { TicketStatusTag } from '../../support';
import { useAdminI18n } from '../admin-texts';
import { useAddressStart, useSearchInAddress } from '../layout/address-search';
import { ticketAge, urgencyColors } from './ticket-display';

interface Filters {
  search: string;
  /** None chosen: the waiting tickets (processing, appeal), as the server answers by default. */
  status?: TicketStatus;
  urgency?: TicketUrgency;
}

const ticketPath = (id: number) => `/admin/tickets/${id}`;

/**
 * /admin/tickets: the support staff's queue. Waiting tickets oldest first; a status shows the others; urgency and a
 * search by ticket number, title or customer narrow it.
 */
export default function TicketQueuePage() {
  const { t } = useAdminI18n();
  const screen = useListScreen<Filters>({ search: '' }, useAddressStart());
  useSearchInAddress(screen);
  const queue = useStaffTickets(screen.query);
  const now = Date.now();

  const urgency = (value: TicketUrgency) => (
    <Tag color={urgencyColors[value]} data-testid="admin-ticket-urgency">
      {t(`support.urgency.${value}`)}
    </Tag>
  );
  const age = (createdAt: number) => {
    const { unit, count } = ticketAge(createdAt, now);
    return t(`adminDesk.age.${unit}`, { count });
  };
  const created = (ticket: StaffTicket) => (
    <Flex vertical>
      <span>{formatTime(ticket.createdAt)}</span>
      <Typography.Text type="secondary">{age(ticket.createdAt)}</Typography.Text>
    </Flex>
  );
  const number = (ticket: StaffTicket) => (
    <Link to={ticketPath(ticket.id)} data-testid="admin-ticket-link">
      {ticket.ticketNo}
    </Link>
  );

  const columns: ColumnsType<StaffTicket> = [
    { title: t('support.field.ticketNo'), key: 'ticketNo', render: (_, ticket) => number(ticket) },
    { title: t('adminDesk.tickets.customer'), dataIndex: 'userName' },
    {
      title: t('support.field.title'),
      key: 'title',
      render: (_, ticket) => <Clipped text={ticket.title} maxWidth={320} />,
    },
    { title: t('support.field.urgency'), key: 'urgency', render: (_, ticket) => urgency(ticket.urgency) },
    {
      title: t('support.field.status'),
      key: 'status',
      render: (_, ticket) => <TicketStatusTag status={ticket.status} />,
    },
    { title: t('support.field.createdAt'), key: 'createdAt', render: (_, ticket) => created(ticket) },
  ];
  const card = (ticket: StaffTicket) => (
    <Card size="small" data-testid="admin-ticket-card">
      <Flex vertical gap={6}>
        <Flex justify="space-between" gap={8} wrap>
          {number(ticket)}
          <TicketStatusTag status={ticket.status} />
        </Flex>
        <Clipped text={ticket.title} maxWidth={300} />
        <Flex gap={8} wrap align="center">
          {urgency(ticket.urgency)}
          <Typography.Text type="secondary">
            {ticket.userName} · {age(ticket.createdAt)}
          </Typography.Text>
        </Flex>
      </Flex>
    </Card>
  );

  return (
    <PageContainer title={t('adminDesk.menu.tickets')} subTitle={t('adminDesk.tickets.subtitle')}>
      <ListScreen<StaffTicket, Filters>
        screen={screen}
        remote={queue}
        failure={t('adminDesk.tickets.loadFailed')}
        columns={columns}
        card={card}
        search={{
          key: 'search',
          placeholder: t('adminDesk.tickets.search'),
          maxLength: limits.support.searchMax,
          testId: 'admin-ticket-search',
        }}
        choices={[
          {
            key: 'status',
            values: ticketStatuses,
            label: (status) => t(`support.status.${status}`),
            placeholder: t('adminDesk.tickets.status'),
            width: 200,
            testId: 'admin-ticket-status-filter',
          },
          {
            key: 'urgency',
            values: ticketUrgencies,
            label: (value) => t(`support.urgency.${value}`),
            placeholder: t('adminDesk.tickets.urgency'),
            width: 240,
            testId: 'admin-ticket-urgency-filter',
          },
        ]}
        empty={{
          noMatch: t('adminDesk.tickets.noMatch'),
          title: t('adminDesk.tickets.emptyTitle'),
          description: t('adminDesk.tickets.emptyDescription'),
          testId: 'admin-ticket-empty',
        }}
      />
    </PageContainer>
  );
}
