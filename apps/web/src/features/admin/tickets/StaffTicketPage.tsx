import type { StaffTicketDetail, TicketImage, TicketReply } from '@edgeward/contract';
import { App, Card, Descriptions, Flex, Space, Tag, Typography } from 'antd';
import { Link, matchPath, useLocation } from 'react-router';
import { useStaffResolve, useStaffTicket, useStaffTicketImage } from '../../../api/admin-desk';
import { ConfirmButton } from '../../../components/ConfirmButton';
import { DataState } from '../../../components/DataState';
import { PageContainer } from '../../../components/PageContainer';
import { formatTime } from '../../../lib/time';
import { TicketImages, TicketStatusTag } from '../../support';
import { useAdminI18n } from '../admin-texts';
import { StaffReplyForm } from './StaffReplyForm';
import { urgencyColors } from './ticket-display';

interface Entry {
  key: string;
  author: TicketReply['author'];
  content: string;
  images: TicketImage[];
  createdAt: number;
}

/** The customer's description, then the replies of both sides, oldest first; texts as text, never as HTML. */
function Conversation({ ticket }: { ticket: StaffTicketDetail }) {
  const { t } = useAdminI18n();
  const entries: Entry[] = [
    { key: 'd', author: 'customer', content: ticket.description, images: ticket.images, createdAt: ticket.createdAt },
    ...ticket.replies.map((r) => ({ ...r, key: String(r.id) })),
  ];
  return (
    <Flex vertical gap={12} data-testid="admin-ticket-conversation">
      {entries.map((e) => (
        <Card
          key={e.key}
          size="small"
          data-testid={`admin-ticket-entry-${e.author}`}
          style={{ marginLeft: e.author === 'customer' ? 0 : 24, marginRight: e.author === 'customer' ? 24 : 0 }}
          title={
            <Space wrap>
              <Typography.Text strong>
                {e.author === 'customer' ? ticket.userName : t('adminDesk.ticket.staff')}
              </Typography.Text>
              <Typography.Text type="secondary">{formatTime(e.createdAt)}</Typography.Text>
            </Space>
          }
        >
          <Flex vertical gap={8}>
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0, overflowWrap: 'anywhere' }}>
              {e.content}
            </Typography.Paragraph>
            <TicketImages images={e.images} useImage={useStaffTicketImage} />
          </Flex>
        </Card>
      ))}
    </Flex>
  );
}

function Summary({ ticket }: { ticket: StaffTicketDetail }) {
  const { t } = useAdminI18n();
  return (
    <Descriptions column={{ xs: 1, md: 3 }} size="small" data-testid="admin-ticket-detail">
      <Descriptions.Item label={t('support.field.ticketNo')}>{ticket.ticketNo}</Descriptions.Item>
      <Descriptions.Item label={t('adminDesk.ticket.customer')}>
        <span data-testid="admin-ticket-customer">{ticket.userName}</span>
      </Descriptions.Item>
      <Descriptions.Item label={t('support.field.status')}>
        <TicketStatusTag status={ticket.status} />
      </Descriptions.Item>
      <Descriptions.Item label={t('support.field.urgency')}>
        <Tag color={urgencyColors[ticket.urgency]}>{t(`support.urgency.${ticket.urgency}`)}</Tag>
      </Descriptions.Item>
      <Descriptions.Item label={t('support.field.product')}>{t(`support.product.${ticket.product}`)}</Descriptions.Item>
      <Descriptions.Item label={t('support.field.createdAt')}>{formatTime(ticket.createdAt)}</Descriptions.Item>
      {ticket.rating !== null ? (
        <Descriptions.Item label={t('support.field.rating')}>
          <span data-testid="admin-ticket-rating">
            {t(`support.rating.${ticket.rating}` as 'support.rating.1')}
            {ticket.solved === null
              ? null
              : ` · ${t(ticket.solved ? 'support.close.solvedYes' : 'support.close.solvedNo')}`}
          </span>
        </Descriptions.Item>
      ) : null}
      {ticket.appealReason ? (
        <Descriptions.Item label={t('support.field.appealReason')}>
          <span data-testid="admin-ticket-appeal" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {ticket.appealReason}
          </span>
        </Descriptions.Item>
      ) : null}
    </Descriptions>
  );
}

function ResolveButton({ ticket }: { ticket: StaffTicketDetail }) {
  const { t } = useAdminI18n();
  const { message } = App.useApp();
  const resolve = useStaffResolve(ticket.id);
  const ticketNo = ticket.ticketNo;
  return (
    <ConfirmButton
      type="primary"
      mode="modal"
      title={t('adminDesk.ticket.resolveConfirm', { ticketNo })}
      description={t('adminDesk.ticket.resolveHint')}
      okText={t('adminDesk.ticket.resolve')}
      onConfirm={() =>
        // A failure (a ticket closed meanwhile) has been shown by the request function.
        resolve.mutateAsync().then(
          () => message.success(t('adminDesk.ticket.resolved', { ticketNo })),
          () => undefined,
        )
      }
      data-testid="admin-ticket-resolve"
    >
      {t('adminDesk.ticket.resolve')}
    </ConfirmButton>
  );
}

/** The ticket's id from /admin/tickets/:id (the console draws its pages by the path, without descendant routes). */
function ticketIdOf(pathname: string): number {
  return Number(matchPath({ path: '/admin/tickets/:id', end: true }, pathname)?.params.id);
}

/**
 * /admin/tickets/:id: a ticket with its conversation and images; a reply with images and "processing completed",
 * neither for a ticket the customer has closed.
 */
export default function StaffTicketPage() {
  const { t } = useAdminI18n();
  const id = ticketIdOf(useLocation().pathname);
  const ticket = useStaffTicket(id);
  return (
    <PageContainer title={t('adminDesk.menu.ticket')}>
      <Flex vertical gap={16}>
        <Link to="/admin/tickets" data-testid="admin-ticket-back">
          {t('adminDesk.ticket.back')}
        </Link>
        <DataState remote={ticket} failure={t('adminDesk.ticket.loadFailed')}>
          {(data) => (
            <Flex vertical gap={16}>
              <Card
                title={
                  <Typography.Text data-testid="admin-ticket-title" style={{ whiteSpace: 'normal' }}>
                    {data.title}
                  </Typography.Text>
                }
                extra={
                  data.status === 'processing' || data.status === 'appeal' ? <ResolveButton ticket={data} /> : null
                }
              >
                <Summary ticket={data} />
              </Card>
              <Conversation ticket={data} />
              {data.status === 'closed' ? (
                <Typography.Text type="secondary" data-testid="admin-ticket-closed-note">
                  {t('adminDesk.ticket.closedNote')}
                </Typography.Text>
              ) : (
                <StaffReplyForm id={id} />
              )}
            </Flex>
          )}
        </DataState>
      </Flex>
    </PageContainer>
  );
}
