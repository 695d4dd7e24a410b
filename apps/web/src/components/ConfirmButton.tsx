import { App, Button, type ButtonProps, Popconfirm } from 'antd';
import { type ReactNode, useState } from 'react';
import { useI18n } from '../i18n';

export interface ConfirmButtonProps extends Omit<ButtonProps, 'onClick' | 'title'> {
  /** The question, e.g. 'Delete this domain?'. */
  title: ReactNode;
  description?: ReactNode;
  /** Runs after confirmation; while its promise is pending the button (or dialog) shows a spinner. */
  onConfirm: () => unknown;
  /** 'popconfirm' (default) asks next to the button; 'modal' asks in a dialog, for weighty or far-reaching actions. */
  mode?: 'popconfirm' | 'modal';
  okText?: ReactNode;
  /** Marks the OK button as dangerous (deleting, revoking). */
  dangerous?: boolean;
}

/** The one confirmation pattern: a button that asks before it acts. */
export function ConfirmButton({
  title,
  description,
  onConfirm,
  mode = 'popconfirm',
  okText,
  dangerous,
  children,
  ...button
}: ConfirmButtonProps) {
  const { t } = useI18n();
  const { modal } = App.useApp();
  const [busy, setBusy] = useState(false);

  const run = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
  };

  if (mode === 'modal') {
    return (
      <Button
        {...button}
        loading={busy || button.loading}
        onClick={() =>
          modal.confirm({
            title,
            content: description,
            okText: okText ?? t('common.ok'),
            cancelText: t('common.cancel'),
            okButtonProps: { danger: dangerous },
            onOk: run,
          })
        }
      >
        {children}
      </Button>
    );
  }
  return (
    <Popconfirm
      title={title}
      description={description}
      okText={okText ?? t('common.ok')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: dangerous, loading: busy }}
      onConfirm={run}
    >
      <Button {...button} loading={busy || button.loading}>
        {children}
      </Button>
    </Popconfirm>
  );
}
