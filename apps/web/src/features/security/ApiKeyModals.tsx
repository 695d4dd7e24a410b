import { type ApiKey, type ApiKeyCreated, ApiKeyCreateSchema, limits } from '@edgeward/contract';
import { Alert, App, Button, Checkbox, Descriptions, Form, Input, Modal, Typography } from 'antd';
import { useApiKeyNote, useCreateApiKey } from '../../api/security';
import { useI18n } from '../../i18n';
import { reportFormError, zodRule } from '../../lib/form';
import { mono } from './monospace';

const fields = ApiKeyCreateSchema.shape;

/** A new key: its note and whether it may only read. */
export function CreateKeyModal({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (key: ApiKeyCreated) => void;
}) {
  const { t } = useI18n();
  const [form] = Form.useForm<{ note: string; readOnly: boolean }>();
  const create = useCreateApiKey();

  function onFinish(values: { note?: string; readOnly?: boolean }) {
    create.mutate(
      { note: values.note ?? '', readOnly: values.readOnly ?? false },
      {
        onSuccess: (key) => {
          form.resetFields();
          onCreated(key);
        },
        onError: (error) => reportFormError(form, error),
      },
    );
  }

  return (
    <Modal
      open={open}
      title={t('security.keys.createTitle')}
      okText={t('security.keys.create')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={create.isPending}
      destroyOnHidden
    >
      <Form noValidate form={form} layout="vertical" name="api-key-create" onFinish={onFinish} preserve={false}>
        <Form.Item name="note" label={t('security.keys.note')} rules={[zodRule(fields.note, t)]}>
          <Input placeholder={t('security.keys.notePlaceholder')} maxLength={limits.apiKey.noteMax} showCount />
        </Form.Item>
        <Form.Item name="readOnly" valuePropName="checked" extra={t('security.keys.readOnlyHint')}>
          <Checkbox>{t('security.keys.readOnly')}</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The one time the SecretKey is on screen: closing needs a deliberate click. */
export function CreatedKeyModal({ created, onClose }: { created: ApiKeyCreated | null; onClose: () => void }) {
  const { t } = useI18n();
  return (
    <Modal
      open={created !== null}
      title={t('security.keys.createdTitle')}
      closable={false}
      maskClosable={false}
      keyboard={false}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('security.keys.copied')}
        </Button>
      }
    >
      <Alert type="warning" showIcon message={t('security.keys.secretOnce')} style={{ marginBottom: 16 }} />
      {created && (
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label={t('security.keys.secretId')}>
            <Typography.Text copyable style={mono} data-testid="api-key-secret-id">
              {created.secretId}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('security.keys.secretKey')}>
            <Typography.Text copyable style={mono} data-testid="api-key-secret-key">
              {created.secretKey}
            </Typography.Text>
          </Descriptions.Item>
        </Descriptions>
      )}
    </Modal>
  );
}

/** A key's note, the one thing of a key that can be edited. */
export function NoteModal({ apiKey, onClose }: { apiKey: ApiKey | null; onClose: () => void }) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ note: string }>();
  const save = useApiKeyNote();

  return (
    <Modal
      open={apiKey !== null}
      title={t('security.keys.editNote')}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      {apiKey && (
        <Form
          noValidate
          form={form}
          layout="vertical"
          name="api-key-note"
          initialValues={{ note: apiKey.note }}
          preserve={false}
          onFinish={({ note }) =>
            save.mutate(
              { id: apiKey.id, note: note ?? '' },
              {
                onSuccess: () => {
                  message.success(t('security.keys.noteSaved'));
                  onClose();
                },
                onError: (error) => reportFormError(form, error),
              },
            )
          }
        >
          <Form.Item name="note" label={t('security.keys.note')} rules={[zodRule(fields.note, t)]}>
            <Input maxLength={limits.apiKey.noteMax} showCount />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
