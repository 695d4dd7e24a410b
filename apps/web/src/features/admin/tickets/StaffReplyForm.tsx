import { limits, type TicketImage, type TicketReplyCreate, TicketReplyCreateSchema } from '@edgeward/contract';
import { App, Button, Card, Form, Input, type UploadFile } from 'antd';
import { useMemo } from 'react';
import { staffTicketImageUploader, useStaffReply } from '../../../api/admin-desk';
import { reportFormError, zodRule } from '../../../lib/form';
import { TicketImageUpload, uploadedImageIds } from '../../support';
import { useAdminI18n } from '../admin-texts';

type ReplyValues = Omit<TicketReplyCreate, 'imageIds'> & { images?: UploadFile<TicketImage>[] };

/**
 * The staff's reply: text within the contract's limit and up to 9 images, each uploaded to this ticket as it is
 * picked (the customer's uploader with the staff's call); the reply names their ids.
 */
export function StaffReplyForm({ id }: { id: number }) {
  const { t, translate } = useAdminI18n();
  const { message } = App.useApp();
  const [form] = Form.useForm<ReplyValues>();
  const reply = useStaffReply(id);
  const upload = useMemo(() => staffTicketImageUploader(id), [id]);
  const images = Form.useWatch('images', form);
  const submit = async ({ images: files, ...values }: ReplyValues) => {
    try {
      await reply.mutateAsync({ ...values, imageIds: uploadedImageIds(files) });
      form.resetFields();
      message.success(t('adminDesk.ticket.sent'));
    } catch (error) {
      reportFormError(form, error, { TICKET_IMAGES_TOO_MANY: 'images' });
    }
  };
  return (
    <Card size="small" title={t('adminDesk.ticket.replyTitle')}>
      <Form<ReplyValues> noValidate form={form} layout="vertical" onFinish={submit} initialValues={{ images: [] }}>
        <Form.Item name="content" rules={[zodRule(TicketReplyCreateSchema.shape.content, translate)]}>
          <Input.TextArea
            rows={4}
            // Counted, never cut: a reply over the limit is refused with the rule, kept as typed.
            count={{ show: true, max: limits.support.textMax }}
            aria-label={t('adminDesk.ticket.replyTitle')}
            placeholder={t('adminDesk.ticket.replyPlaceholder')}
            data-testid="admin-ticket-reply-input"
          />
        </Form.Item>
        <Form.Item name="images" label={t('support.field.images')} extra={t('support.image.hint')}>
          <TicketImageUpload testId="admin-ticket-reply-images" upload={upload} />
        </Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          loading={reply.isPending}
          disabled={(images ?? []).some((f) => f.status === 'uploading')}
          data-testid="admin-ticket-reply-submit"
        >
          {t('adminDesk.ticket.send')}
        </Button>
      </Form>
    </Card>
  );
}
