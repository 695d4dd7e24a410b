import {
  type TicketAppeal,
  TicketAppealSchema,
  type TicketClose,
  TicketCloseSchema,
  ticketRatings,
} from '@edgeward/contract';
import { Form, Input, Modal, Radio, Rate } from 'antd';
import { useAppealTicket, useCloseTicket } from '../../api/support';
import { useI18n } from '../../i18n';
import { feedback } from '../../lib/feedback';
import { reportFormError, zodRule } from '../../lib/form';

/** Closing asks whether the problem is solved and takes a 1 to 5 rating (spec section 4); nothing can follow. */
export function CloseTicketModal({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useI18n();
  const [form] = Form.useForm<TicketClose>();
  const close = useCloseTicket(id);
  const submit = async (values: TicketClose) => {
    try {
      await close.mutateAsync(values);
      feedback.message.success(t('support.close.done'));
      onClose();
    } catch (error) {
      reportFormError(form, error);
    }
  };
  return (
    <Modal
      open
      title={t('support.close.title')}
      okText={t('support.close.ok')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={close.isPending}
      okButtonProps={{ 'data-testid': 'ticket-close-ok' } as Record<`data-${string}`, string>}
    >
      <p>{t('support.close.warning')}</p>
      <Form<TicketClose> noValidate form={form} layout="vertical" onFinish={submit}>
        <Form.Item name="solved" label={t('support.close.solved')} rules={[zodRule(TicketCloseSchema.shape.solved, t)]}>
          <Radio.Group data-testid="ticket-close-solved">
            <Radio value={true}>{t('support.close.solvedYes')}</Radio>
            <Radio value={false}>{t('support.close.solvedNo')}</Radio>
          </Radio.Group>
        </Form.Item>
        <Form.Item name="rating" label={t('support.close.rating')} rules={[zodRule(TicketCloseSchema.shape.rating, t)]}>
          <Rate
            count={ticketRatings.length}
            tooltips={ticketRatings.map((r) => t(`support.rating.${r}`))}
            data-testid="ticket-close-rating"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** An appeal hands a processed ticket back to the staff with the reason (status 'appeal processing'). */
export function AppealTicketModal({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useI18n();
  const [form] = Form.useForm<TicketAppeal>();
  const appeal = useAppealTicket(id);
  const submit = async (values: TicketAppeal) => {
    try {
      await appeal.mutateAsync(values);
      feedback.message.success(t('support.appeal.done'));
      onClose();
    } catch (error) {
      reportFormError(form, error);
    }
  };
  return (
    <Modal
      open
      title={t('support.appeal.title')}
      okText={t('support.appeal.ok')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={appeal.isPending}
    >
      <Form<TicketAppeal> noValidate form={form} layout="vertical" onFinish={submit}>
        <Form.Item
          name="reason"
          label={t('support.appeal.reason')}
          rules={[zodRule(TicketAppealSchema.shape.reason, t)]}
        >
          <Input.TextArea rows={4} data-testid="ticket-appeal-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
