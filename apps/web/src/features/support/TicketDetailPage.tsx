import type { TicketDetail } from '@edgeward/contract';
import { Button, Card, Descriptions, Flex, Space, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useDeleteTicket, useReplyTicket, useTicket } from '../../api/support';
import { Authorized } from '../../components/Authorized';
import { ConfirmButton } from '../../components/ConfirmButton';
import { DataState } from '../../components/DataState';
import { PageContainer } from '../../components/PageContainer';
import { useI18n } from '../../i18n';
import { feedback } from '../../lib/feedback';
import { formatTime } from '../../lib/time';
import { useTabSubject } from '../../stores/tabs';
import { TicketConversation } from './TicketConversation';
import { AppealTicketModal, CloseTicketModal } from './TicketDialogs';
import { TicketReplyForm } from './TicketReplyForm';
import { TicketStatusTag } from './TicketStatusTag';

/** The customer's reply; a reply to a ticket the staff had completed puts it back in their hands. */
function ReplyForm({ id }: { id: number }) {
  const { t } = useI18n();
  const reply = useReplyTicket(id);
  return (
    <TicketReplyForm
      send={(body) => reply.mutateAsync(body)}
      sending={reply.isPending}
      onSent={() => feedback.message.success(t('support.reply.sent'))}
      title={t('support.reply.title')}
      placeholder={t('support.reply.placeholder')}
      submitText={t('support.reply.send')}
    />
  );
}

/** /ticket/:id: the ticket, its conversation, and what the customer can do in its state (spec section 4). */
export default function TicketDetailPage() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const ticket = useTicket(id);
  useTabSubject(ticket.data?.ticketNo);
  const remove = useDeleteTicket();
  const [dialog, setDialog] = useState<'close' | 'appeal'>();

  const actions = (data: TicketDetail) => (
    <Space wrap>
      {data.status !== 'closed' ? (
        <Authorized permissionId="ticket" action="edit">
          <Button onClick={() => setDialog('close')} data-testid="ticket-close">
            {t('support.action.close')}
          </Button>
        </Authorized>
      ) : null}
      {data.status === 'completed' ? (
        <Authorized permissionId="ticket" action="edit">
          <Button onClick={() => setDialog('appeal')} data-testid="ticket-appeal">
            {t('support.action.appeal')}
          </Button>
        </Authorized>
      ) : null}
      <Authorized permissionId="ticket" action="delete">
        <ConfirmButton
          danger
          mode="modal"
          dangerous
          title={t('support.delete.title')}
          description={t('support.delete.description')}
          okText={t('support.action.delete')}
          onConfirm={async () => {
            await remove.mutateAsync(id);
            feedback.message.success(t('support.delete.done'));
            navigate('/ticket');
          }}
          data-testid="ticket-delete"
        >
          {t('support.action.delete')}
        </ConfirmButton>
      </Authorized>
    </Space>
  );

  return (
    <PageContainer>
      <DataState remote={ticket} failure={t('support.detail.loadFailed')}>
        {(data) => (
          <Flex vertical gap={16}>
            <Card
              title={<Typography.Text data-testid="ticket-detail-title">{data.title}</Typography.Text>}
              extra={actions(data)}
            >
              <Descriptions column={{ xs: 1, md: 3 }} size="small" data-testid="ticket-detail">
                <Descriptions.Item label={t('support.field.ticketNo')}>{data.ticketNo}</Descriptions.Item>
                <Descriptions.Item label={t('support.field.status')}>
                  <TicketStatusTag status={data.status} />
                </Descriptions.Item>
                <Descriptions.Item label={t('support.field.urgency')}>
                  {t(`support.urgency.${data.urgency}`)}
                </Descriptions.Item>
                <Descriptions.Item label={t('support.field.product')}>
                  {t(`support.product.${data.product}`)}
                </Descriptions.Item>
                <Descriptions.Item label={t('support.field.createdAt')}>{formatTime(data.createdAt)}</Descriptions.Item>
                {data.rating !== null ? (
                  <Descriptions.Item label={t('support.field.rating')}>
                    <span data-testid="ticket-rating">
                      {t(`support.rating.${data.rating}` as 'support.rating.1')} ·{' '}
                      {t(data.solved ? 'support.close.solvedYes' : 'support.close.solvedNo')}
                    </span>
                  </Descriptions.Item>
                ) : null}
                {data.appealReason ? (
                  <Descriptions.Item label={t('support.field.appealReason')}>{data.appealReason}</Descriptions.Item>
                ) : null}
              </Descriptions>
            </Card>
            <TicketConversation ticket={data} own="customer" authorLabel={(author) => t(`support.author.${author}`)} />
            {data.status === 'closed' ? (
              <Typography.Text type="secondary" data-testid="ticket-closed-note">
                {t('support.detail.closedNote')}
              </Typography.Text>
            ) : (
              <Authorized permissionId="ticket" action="edit">
                <ReplyForm id={id} />
              </Authorized>
            )}
          </Flex>
        )}
      </DataState>
      {dialog === 'close' ? <CloseTicketModal id={id} onClose={() => setDialog(undefined)} /> : null}
      {dialog === 'appeal' ? <AppealTicketModal id={id} onClose={() => setDialog(undefined)} /> : null}
    </PageContainer>
  );
}
