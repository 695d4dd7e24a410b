import {
  type TicketAppeal,
  TicketAppealSchema,
  type TicketClose,
  TicketCloseSchema,
  ticketRatings,
} from '@edgeward/contract';
import { Form, Input, Modal, Radio, Rate } from 'antd';
import type { ReactNode } from 'react';
import { useAppealTicket, useCloseTicket } from '../../api/support';
import { useI18n } from '../../i18n';
import { feedback } from '../../lib/feedback';
import { reportFormError, zodRule } from '../../lib/form';

interface TicketFormModalProps<T> {
  /** Texts under `support.<texts>`: title, ok, done. */
  texts: 'close' | 'appeal';
  mutation: { mutateAsync: (values: T) => Promise<unknown>; isPending: boolean };
  onClose: () => void;
  okTestId?: string;
  /** The form's fields. */
  children: ReactNode;
}

/** A ticket action asked in a modal form: submits, says it is done and closes, or shows the server's refusal. */
function TicketFormModal<T>({ texts, mutation, onClose, okTestId, children }: TicketFormModalProps<T>) {
  const { t } = useI18n();
  const [form] = Form.useForm<T>();
  const submit = async (values: T) => {
    try {
      await mutation.mutateAsync(values);
      feedback.message.success(t(`support.${texts}.done`));
      onClose();
    } catch (error) {
      reportFormError(form, error);
    }
  };
  return (
    <Modal
      open
      title={t(`support.${texts}.title`)}
      okText={t(`support.${texts}.ok`)}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={mutation.isPending}
      okButtonProps={okTestId ? ({ 'data-testid': okTestId } as Record<`data-${string}`, string>) : undefined}
    >
      <Form<T> noValidate form={form} layout="vertical" onFinish={submit}>
        {children}
      </Form>
    </Modal>
  );
}

/** Closing asks whether the problem is solved and takes a 1 to 5 rating (spec section 4); nothing can follow. */
export function CloseTicketModal({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useI18n();
  return (
    <TicketFormModal<TicketClose>
      texts="close"
      mutation={useCloseTicket(id)}
      onClose={onClose}
      okTestId="ticket-close-ok"
    >
      <p>{t('support.close.warning')}</p>
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
    </TicketFormModal>
  );
}

/** An appeal hands a processed ticket back to the staff with the reason (status 'appeal processing'). */
export function AppealTicketModal({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useI18n();
  return (
    <TicketFormModal<TicketAppeal> texts="appeal" mutation={useAppealTicket(id)} onClose={onClose}>
      <Form.Item name="reason" label={t('support.appeal.reason')} rules={[zodRule(TicketAppealSchema.shape.reason, t)]}>
        <Input.TextArea rows={4} data-testid="ticket-appeal-reason" />
      </Form.Item>
    </TicketFormModal>
  );
}
