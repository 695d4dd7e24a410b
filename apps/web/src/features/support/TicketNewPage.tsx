import {
  type TicketCreate,
  TicketCreateSchema,
  type TicketImage,
  ticketProducts,
  ticketUrgencies,
} from '@edgeward/contract';
import type { UploadFile } from 'antd';
import { Button, Card, Flex, Form, Input, Radio, Select } from 'antd';
import { useNavigate } from 'react-router';
import { useCreateTicket } from '../../api/support';
import { PageContainer } from '../../components/PageContainer';
import { useI18n } from '../../i18n';
import { feedback } from '../../lib/feedback';
import { reportFormError, zodRule } from '../../lib/form';
import { TicketImageUpload, uploadedImageIds } from './TicketImageUpload';
import { ticketPath } from './TicketListPage';

type Values = Omit<TicketCreate, 'imageIds'> & { images?: UploadFile<TicketImage>[] };

const shape = TicketCreateSchema.shape;

/** Submit ticket (spec sections 2 and 5): product, urgency, title and description required, up to 9 images. */
export default function TicketNewPage() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const create = useCreateTicket();
  const images = Form.useWatch('images', form);
  const uploading = (images ?? []).some((f) => f.status === 'uploading');

  const submit = async (values: Values) => {
    const { images: files, ...ticket } = values;
    try {
      const created = await create.mutateAsync({ ...ticket, imageIds: uploadedImageIds(files) });
      feedback.message.success(t('support.new.submitted', { ticketNo: created.ticketNo }));
      navigate(ticketPath(created.id));
    } catch (error) {
      reportFormError(form, error, { TICKET_IMAGES_TOO_MANY: 'images' });
    }
  };

  return (
    <PageContainer subTitle={t('support.new.subtitle')}>
      <Card style={{ maxWidth: 820 }}>
        <Form<Values>
          noValidate
          form={form}
          layout="vertical"
          initialValues={{ urgency: 'consultation', images: [] }}
          onFinish={submit}
          data-testid="ticket-form"
        >
          <Form.Item name="product" label={t('support.field.product')} rules={[zodRule(shape.product, t)]}>
            <Select
              placeholder={t('support.new.productPlaceholder')}
              options={ticketProducts.map((p) => ({ value: p, label: t(`support.product.${p}`) }))}
              data-testid="ticket-product"
            />
          </Form.Item>
          <Form.Item name="urgency" label={t('support.field.urgency')} rules={[zodRule(shape.urgency, t)]}>
            <Radio.Group data-testid="ticket-urgency">
              {ticketUrgencies.map((u) => (
                <Radio.Button key={u} value={u}>
                  {t(`support.urgency.${u}`)}
                </Radio.Button>
              ))}
            </Radio.Group>
          </Form.Item>
          <Form.Item name="title" label={t('support.field.title')} rules={[zodRule(shape.title, t)]}>
            <Input placeholder={t('support.new.titlePlaceholder')} data-testid="ticket-title-input" />
          </Form.Item>
          <Form.Item name="description" label={t('support.field.description')} rules={[zodRule(shape.description, t)]}>
            <Input.TextArea
              rows={6}
              placeholder={t('support.new.descriptionPlaceholder')}
              data-testid="ticket-description-input"
            />
          </Form.Item>
          <Form.Item name="images" label={t('support.field.images')} extra={t('support.image.hint')}>
            <TicketImageUpload testId="ticket-images" />
          </Form.Item>
          <Flex gap={8}>
            <Button
              type="primary"
              htmlType="submit"
              loading={create.isPending}
              disabled={uploading}
              data-testid="ticket-submit"
            >
              {t('support.new.submit')}
            </Button>
            <Button onClick={() => navigate('/ticket')}>{t('common.cancel')}</Button>
          </Flex>
        </Form>
      </Card>
    </PageContainer>
  );
}
