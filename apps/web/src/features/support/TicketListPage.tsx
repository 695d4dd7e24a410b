import { PlusOutlined } from '@ant-design/icons';
import {
  type Ticket,
  type TicketProduct,
  type TicketStatus,
  type TicketUrgency,
  ticketProducts,
  ticketStatuses,
  ticketUrgencies,
} from '@edgeward/contract';
import { Button, Card, Flex, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link, useNavigate } from 'react-router';
import { useTickets } from '../../api/support';
import { useAuthorized } from '../../components/Authorized';
import { Clipped } from '../../components/Clipped';
import type { TimeRange } from '../../components/ListFilters';
import { ListScreen, useListScreen } from '../../components/ListScreen';
import { PageContainer } from '../../components/PageContainer';
import { SampleTag } from '../../components/SampleTag';
import { useI18n } from '../../i18n';
import { formatTime } from '../../lib/time';
import { TicketStatusTag } from './TicketStatusTag';

interface Filters extends TimeRange {
  keyword: string;
  status?: TicketStatus;
  urgency?: TicketUrgency;
  product?: TicketProduct;
}

const SEARCH_MAX = 100;

export const ticketPath = (id: number) => `/ticket/${id}`;

/** The ticket list (spec sections 2 and 3): number, product, title, urgency, submit time, status. */
export default function TicketListPage() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const canAdd = useAuthorized('ticket', 'add');
  const screen = useListScreen<Filters>({ keyword: '' });
  const list = useTickets(screen.query);

  const columns = useColumns();
  const viewButton = (row: Ticket) => (
    <Button type="link" size="small" onClick={() => navigate(ticketPath(row.id))}>
      {t('support.list.view')}
    </Button>
  );
  const card = (row: Ticket) => (
    <Card size="small" data-testid="ticket-card">
      <Flex vertical gap={6}>
        <Flex justify="space-between" align="flex-start" gap={8} wrap>
          <TicketNumber row={row} />
          <TicketStatusTag status={row.status} />
        </Flex>
        <Typography.Text strong>{row.title}</Typography.Text>
        <Typography.Text type="secondary">
          {t(`support.product.${row.product}`)} · {t(`support.urgency.${row.urgency}`)} · {formatTime(row.createdAt)}
        </Typography.Text>
      </Flex>
    </Card>
  );
  const newButton = (label: string) => (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/ticket/new')} data-testid="ticket-new">
      {label}
    </Button>
  );

  return (
    <PageContainer subTitle={t('support.list.subtitle')}>
      <ListScreen<Ticket, Filters>
        screen={screen}
        remote={list}
        failure={t('support.list.loadFailed')}
        columns={columns}
        rowActions={{ title: t('support.field.actions'), render: viewButton }}
        card={card}
        search={{
          key: 'keyword',
          placeholder: t('support.list.searchPlaceholder'),
          maxLength: SEARCH_MAX,
          testId: 'ticket-search',
        }}
        choices={[
          {
            key: 'status',
            values: ticketStatuses,
            label: (status) => t(`support.status.${status}`),
            placeholder: t('support.list.statusFilter'),
            width: 170,
            testId: 'ticket-status-filter',
          },
          {
            key: 'urgency',
            values: ticketUrgencies,
            label: (urgency) => t(`support.urgency.${urgency}`),
            placeholder: t('support.list.urgencyFilter'),
            width: 230,
            testId: 'ticket-urgency-filter',
          },
          {
            key: 'product',
            values: ticketProducts,
            label: (product) => t(`support.product.${product}`),
            placeholder: t('support.list.productFilter'),
            width: 200,
            testId: 'ticket-product-filter',
          },
        ]}
        timeFilter="ticket-time-filter"
        empty={{
          noMatch: t('support.list.noMatch'),
          title: t('support.list.emptyTitle'),
          description: t('support.list.emptyDescription'),
          action: canAdd ? newButton(t('support.list.submitFirst')) : null,
          testId: 'ticket-empty',
        }}
        actions={canAdd ? newButton(t('support.list.submit')) : null}
      />
    </PageContainer>
  );
}

function TicketNumber({ row }: { row: Ticket }) {
  return (
    <Flex vertical gap={2} align="flex-start">
      <Link to={ticketPath(row.id)} data-testid="ticket-open">
        {row.ticketNo}
      </Link>
      {row.sample ? <SampleTag /> : null}
    </Flex>
  );
}

function useColumns(): ColumnsType<Ticket> {
  const { t } = useI18n();
  return [
    { title: t('support.field.ticketNo'), key: 'ticketNo', render: (_, row) => <TicketNumber row={row} /> },
    {
      title: t('support.field.product'),
      dataIndex: 'product',
      render: (p: TicketProduct) => <Clipped text={t(`support.product.${p}`)} maxWidth={160} />,
    },
    {
      title: t('support.field.title'),
      dataIndex: 'title',
      render: (title: string) => (
        <Typography.Text ellipsis style={{ maxWidth: 180 }} data-testid="ticket-title">
          {title}
        </Typography.Text>
      ),
    },
    {
      title: t('support.field.urgency'),
      dataIndex: 'urgency',
      render: (u: TicketUrgency) => <Clipped text={t(`support.urgency.${u}`)} maxWidth={130} />,
    },
    { title: t('support.field.createdAt'), dataIndex: 'createdAt', render: (at: number) => formatTime(at) },
    // Fixed with the actions: where the table scrolls (narrow windows, long English labels), the state stays in view.
    {
      title: t('support.field.status'),
      key: 'status',
      fixed: 'right',
      render: (_, row) => <TicketStatusTag status={row.status} />,
    },
  ];
}
