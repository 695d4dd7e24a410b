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
import { ListEmpty } from '../../components/ListEmpty';
import { DateRangeFilter, ListFilter, ListSearch, type TimeRange, useListState } from '../../components/ListFilters';
import { PageContainer } from '../../components/PageContainer';
import { PageTable } from '../../components/PageTable';
import { SampleTag } from '../../components/SampleTag';
import { useI18n } from '../../i18n';
import { formatTime } from '../../lib/time';
import { TicketStatusTag } from './TicketStatusTag';

interface Filters extends TimeRange {
  search: string;
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
  const { pageState, search, setSearch, filters, change, clear } = useListState<Filters>({ search: '' });
  const list = useTickets({
    page: pageState.page,
    size: pageState.size,
    ...(filters.search ? { keyword: filters.search } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.urgency ? { urgency: filters.urgency } : {}),
    ...(filters.product ? { product: filters.product } : {}),
    ...(filters.from !== undefined ? { from: filters.from } : {}),
    ...(filters.to !== undefined ? { to: filters.to } : {}),
  });
  const filtered = Boolean(
    filters.search || filters.status || filters.urgency || filters.product || filters.from || filters.to,
  );

  const numberCell = (row: Ticket) => (
    <Flex vertical gap={2} align="flex-start">
      <Link to={ticketPath(row.id)} data-testid="ticket-open">
        {row.ticketNo}
      </Link>
      {row.sample ? <SampleTag /> : null}
    </Flex>
  );
  const columns: ColumnsType<Ticket> = [
    { title: t('support.field.ticketNo'), key: 'ticketNo', render: (_, row) => numberCell(row) },
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
    {
      title: t('support.field.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, row) => (
        <Button type="link" size="small" onClick={() => navigate(ticketPath(row.id))}>
          {t('support.list.view')}
        </Button>
      ),
    },
  ];
  const card = (row: Ticket) => (
    <Card size="small" data-testid="ticket-card">
      <Flex vertical gap={6}>
        <Flex justify="space-between" align="flex-start" gap={8} wrap>
          {numberCell(row)}
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
      <PageTable<Ticket>
        rowKey="id"
        remote={list}
        failure={t('support.list.loadFailed')}
        pageState={pageState}
        columns={columns}
        card={card}
        emptyText={
          <ListEmpty
            filtered={filtered}
            noMatch={t('support.list.noMatch')}
            onClearFilters={() => clear()}
            title={t('support.list.emptyTitle')}
            description={t('support.list.emptyDescription')}
            action={canAdd ? newButton(t('support.list.submitFirst')) : null}
            testId="ticket-empty"
          />
        }
        toolbar={
          <>
            <ListSearch
              text={search}
              onText={setSearch}
              committed={filters.search}
              onCommit={(value) => change({ search: value })}
              placeholder={t('support.list.searchPlaceholder')}
              maxLength={SEARCH_MAX}
              testId="ticket-search"
            />
            <ListFilter<TicketStatus>
              value={filters.status}
              onChange={(status) => change({ status })}
              values={ticketStatuses}
              label={(status) => t(`support.status.${status}`)}
              placeholder={t('support.list.statusFilter')}
              width={170}
              testId="ticket-status-filter"
            />
            <ListFilter<TicketUrgency>
              value={filters.urgency}
              onChange={(urgency) => change({ urgency })}
              values={ticketUrgencies}
              label={(urgency) => t(`support.urgency.${urgency}`)}
              placeholder={t('support.list.urgencyFilter')}
              width={230}
              testId="ticket-urgency-filter"
            />
            <ListFilter<TicketProduct>
              value={filters.product}
              onChange={(product) => change({ product })}
              values={ticketProducts}
              label={(product) => t(`support.product.${product}`)}
              placeholder={t('support.list.productFilter')}
              width={200}
              testId="ticket-product-filter"
            />
            <DateRangeFilter
              testId="ticket-time-filter"
              onChange={(range) => change({ from: range.from, to: range.to })}
            />
          </>
        }
        actions={canAdd ? newButton(t('support.list.submit')) : null}
      />
    </PageContainer>
  );
}
