import { limits, type TicketImage, type TicketReplyCreate, TicketReplyCreateSchema } from '@edgeward/contract';
import { Button, Card, Form, Input, type UploadFile } from 'antd';
import { useI18n } from '../../i18n';
import { reportFormError, zodRule } from '../../lib/form';
import { TicketImageUpload, uploadedImageIds } from './TicketImageUpload';

type ReplyValues = Omit<TicketReplyCreate, 'imageIds'> & { images?: UploadFile<TicketImage>[] };

/**
 * A reply to a ticket: text within the contract's limit (counted, never cut: a reply over it is refused by the rule
 * and kept as typed) and up to 9 images, each uploaded as it is picked; the reply names their ids. The customer's
 * console and the operator console's ticket desk each pass their own call and uploader.
 */
export function TicketReplyForm(props: {
  send: (body: TicketReplyCreate) => Promise<unknown>;
  sending: boolean;
  onSent: () => void;
  upload?: (file: File) => Promise<TicketImage>;
  title: string;
  placeholder: string;
  submitText: string;
  testIdPrefix?: string;
}) {
  const { t } = useI18n();
  const prefix = props.testIdPrefix ?? '';
  const [form] = Form.useForm<ReplyValues>();
  const images = Form.useWatch('images', form);
  const submit = async ({ images: files, ...values }: ReplyValues) => {
    try {
      await props.send({ ...values, imageIds: uploadedImageIds(files) });
      form.resetFields();
      props.onSent();
    } catch (error) {
      reportFormError(form, error, { TICKET_IMAGES_TOO_MANY: 'images' });
    }
  };
  return (
    <Card size="small" title={props.title}>
      <Form<ReplyValues> noValidate form={form} layout="vertical" onFinish={submit} initialValues={{ images: [] }}>
        <Form.Item name="content" rules={[zodRule(TicketReplyCreateSchema.shape.content, t)]}>
          <Input.TextArea
            rows={4}
            count={{ show: true, max: limits.support.textMax }}
            aria-label={props.title}
            placeholder={props.placeholder}
            data-testid={`${prefix}ticket-reply-input`}
          />
        </Form.Item>
        <Form.Item name="images" label={t('support.field.images')} extra={t('support.image.hint')}>
          <TicketImageUpload testId={`${prefix}ticket-reply-images`} upload={props.upload} />
        </Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          loading={props.sending}
          disabled={(images ?? []).some((f) => f.status === 'uploading')}
          data-testid={`${prefix}ticket-reply-submit`}
        >
          {props.submitText}
        </Button>
      </Form>
    </Card>
  );
}
