import type { StaffTicketDetail } from '@edgeward/contract';
import { App, Card, Descriptions, Flex, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { Link, matchPath, useLocation } from 'react-router';
import {
  staffTicketImageUploader,
  useStaffReply,
  useStaffResolve,
  useStaffTicket,
  useStaffTicketImage,
} from '../../../api/admin-desk';
import { ConfirmButton } from '../../../components/ConfirmButton';
import { DataState } from '../../../components/DataState';
import { PageContainer } from '../../../components/PageContainer';
import { formatTime } from '../../../lib/time';
import { TicketConversation, TicketReplyForm, TicketStatusTag } from '../../support';
import { useAdminI18n } from '../admin-texts';
import { urgencyColors } from './ticket-display';

/** The staff's reply to the ticket, with images uploaded to it as they are picked. */
function StaffReplyForm({ id }: { id: number }) {
  const { t } = useAdminI18n();
  const { message } = App.useApp();
  const reply = useStaffReply(id);
  const upload = useMemo(() => staffTicketImageUploader(id), [id]);
  return (
    <TicketReplyForm
      send={(body) => reply.mutateAsync(body)}
      sending={reply.isPending}
      onSent={() => message.success(t('adminDesk.ticket.sent'))}
      upload={upload}
      title={t('adminDesk.ticket.replyTitle')}
      placeholder={t('adminDesk.ticket.replyPlaceholder')}
      submitText={t('adminDesk.ticket.send')}
      testIdPrefix="admin-"
    />
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
              <TicketConversation
                ticket={data}
                own="staff"
                authorLabel={(author) => (author === 'customer' ? data.userName : t('adminDesk.ticket.staff'))}
                useImage={useStaffTicketImage}
                testIdPrefix="admin-"
              />
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
