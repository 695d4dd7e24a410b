import { Button, type ButtonProps, Form, Input, Modal, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import type { z } from 'zod';
import { useI18n } from '../i18n';
import { zodRule } from '../lib/form';

export interface ReasonConfirmButtonProps extends Omit<ButtonProps, 'onClick' | 'title'> {
  /** The question, e.g. 'Disable alice?'. */
  title: ReactNode;
  description?: ReactNode;
  /** The reason's label and the contract schema the server checks it with (required, its length). */
  reasonLabel: string;
  reasonSchema: z.ZodType;
  /** Runs with the reason once given; the dialog stays open (and busy) until it settles, and closes if it succeeds. */
  onConfirm: (reason: string) => Promise<unknown>;
  okText?: ReactNode;
  /** Marks the OK button as dangerous (disabling, resetting). */
  dangerous?: boolean;
}

/**
 * ConfirmButton's dialog for what an operator must explain (disabling someone, resetting their two-factor sign-in):
 * the question, then a required reason, which the audit log keeps. A failed call leaves the dialog open, with the
 * reason typed, after the request has told why.
 */
export function ReasonConfirmButton({
  title,
  description,
  reasonLabel,
  reasonSchema,
  onConfirm,
  okText,
  dangerous,
  children,
  ...button
}: ReasonConfirmButtonProps) {
  const { t } = useI18n();
  const [form] = Form.useForm<{ reason: string }>();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  const confirm = async ({ reason }: { reason: string }) => {
    setBusy(true);
    try {
      await onConfirm(reason.trim());
      setOpen(false);
    } catch {
      // The request function has shown the failure; the dialog stays for another try.
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button {...button} onClick={() => setOpen(true)}>
        {children}
      </Button>
      <Modal
        open={open}
        title={title}
        okText={okText ?? t('common.ok')}
        cancelText={t('common.cancel')}
        okButtonProps={{ danger: dangerous, 'data-testid': 'reason-confirm-ok' }}
        confirmLoading={busy}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        {description ? <Typography.Paragraph>{description}</Typography.Paragraph> : null}
        <Form noValidate form={form} layout="vertical" name="reason-confirm" onFinish={confirm} preserve={false}>
          <Form.Item name="reason" label={reasonLabel} rules={[zodRule(reasonSchema, t)]}>
            <Input.TextArea rows={3} autoFocus data-testid="reason-confirm-reason" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
