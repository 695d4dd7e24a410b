import {
  type TicketDetail,
  type TicketImage,
  type TicketReply,
  type TicketReplyCreate,
  TicketReplyCreateSchema,
} from '@edgeward/contract';
import type { UploadFile } from 'antd';
import { Button, Card, Descriptions, Flex, Form, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useDeleteTicket, useReplyTicket, useTicket } from '../../api/support';
import { Authorized } from '../../components/Authorized';
import { ConfirmButton } from '../../components/ConfirmButton';
import { DataState } from '../../components/DataState';
import { PageContainer } from '../../components/PageContainer';
import { useI18n } from '../../i18n';
import { feedback } from '../../lib/feedback';
import { reportFormError, zodRule } from '../../lib/form';
import { formatTime } from '../../lib/time';
import { useTabSubject } from '../../stores/tabs';
import { AppealTicketModal, CloseTicketModal } from './TicketDialogs';
import { TicketImages } from './TicketImages';
import { TicketImageUpload, uploadedImageIds } from './TicketImageUpload';
import { TicketStatusTag } from './TicketStatusTag';

interface Entry {
  key: string;
  author: TicketReply['author'];
  content: string;
  images: TicketImage[];
  createdAt: number;
}

/** The description, then the replies of both sides, oldest first. Texts are shown as text, never as HTML. */
function Conversation({ ticket }: { ticket: TicketDetail }) {
  const { t } = useI18n();
  const entries: Entry[] = [
    { key: 'd', author: 'customer', content: ticket.description, images: ticket.images, createdAt: ticket.createdAt },
    ...ticket.replies.map((r) => ({ ...r, key: String(r.id) })),
  ];
  return (
    <Flex vertical gap={12} data-testid="ticket-conversation">
      {entries.map((e) => (
        <Card
          key={e.key}
          size="small"
          data-testid={`ticket-entry-${e.author}`}
          style={{ marginLeft: e.author === 'staff' ? 0 : 48, marginRight: e.author === 'staff' ? 48 : 0 }}
          title={
            <Space>
              <Typography.Text strong>{t(`support.author.${e.author}`)}</Typography.Text>
              <Typography.Text type="secondary">{formatTime(e.createdAt)}</Typography.Text>
            </Space>
          }
        >
          <Flex vertical gap={8}>
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{e.content}</Typography.Paragraph>
            <TicketImages images={e.images} />
          </Flex>
        </Card>
      ))}
    </Flex>
  );
}

type ReplyValues = Omit<TicketReplyCreate, 'imageIds'> & { images?: UploadFile<TicketImage>[] };

function ReplyForm({ id }: { id: number }) {
  const { t } = useI18n();
  const [form] = Form.useForm<ReplyValues>();
  const reply = useReplyTicket(id);
  const images = Form.useWatch('images', form);
  const submit = async ({ images: files, ...values }: ReplyValues) => {
    try {
      await reply.mutateAsync({ ...values, imageIds: uploadedImageIds(files) });
      form.resetFields();
      feedback.message.success(t('support.reply.sent'));
    } catch (error) {
      reportFormError(form, error, { TICKET_IMAGES_TOO_MANY: 'images' });
    }
  };
  return (
    <Card size="small" title={t('support.reply.title')}>
      <Form<ReplyValues> noValidate form={form} layout="vertical" onFinish={submit} initialValues={{ images: [] }}>
        <Form.Item name="content" rules={[zodRule(TicketReplyCreateSchema.shape.content, t)]}>
          <Input.TextArea rows={4} placeholder={t('support.reply.placeholder')} data-testid="ticket-reply-input" />
        </Form.Item>
        <Form.Item name="images" extra={t('support.image.hint')}>
          <TicketImageUpload testId="ticket-reply-images" />
        </Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          loading={reply.isPending}
          disabled={(images ?? []).some((f) => f.status === 'uploading')}
          data-testid="ticket-reply-submit"
        >
          {t('support.reply.send')}
        </Button>
      </Form>
    </Card>
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
            <Conversation ticket={data} />
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
