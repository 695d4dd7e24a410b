import { PlusOutlined } from '@ant-design/icons';
import { type ApiKey, type ApiKeyCreated, ApiKeyCreateSchema, limits } from '@edgeward/contract';
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Descriptions,
  Flex,
  Form,
  Input,
  Modal,
  Space,
  type TableProps,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useApiKeyEnabled, useApiKeyNote, useApiKeys, useCreateApiKey, useDeleteApiKey } from '../../api/security';
import { Authorized, useAuthorized } from '../../components/Authorized';
import { Clipped } from '../../components/Clipped';
import { ConfirmButton } from '../../components/ConfirmButton';
import { ListEmpty } from '../../components/ListEmpty';
import { PageContainer } from '../../components/PageContainer';
import { RemoteTable } from '../../components/PageTable';
import { SampleTag } from '../../components/SampleTag';
import { useI18n } from '../../i18n';
import { reportFormError, zodRule } from '../../lib/form';
import { formatTime } from '../../lib/time';

const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' };
const max = limits.apiKey.perUser;

/** The key list (/key): at most 5 keys; the SecretKey is shown once, right after creation. */
export default function ApiKeyListPage() {
  const { t } = useI18n();
  const keys = useApiKeys();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  const [editing, setEditing] = useState<ApiKey | null>(null);
  const canAdd = useAuthorized('key', 'add');
  const full = (keys.data?.length ?? 0) >= max;

  const createButton = (label: string) => (
    <Button type="primary" icon={<PlusOutlined />} disabled={full} onClick={() => setCreating(true)}>
      {label}
    </Button>
  );

  return (
    <PageContainer
      subTitle={t('security.keys.limit', { max })}
      extra={
        <Authorized permissionId="key" action="add">
          {createButton(t('security.keys.create'))}
        </Authorized>
      }
    >
      <Typography.Paragraph type="secondary">{t('security.keys.intro')}</Typography.Paragraph>
      <RemoteTable<ApiKey, ApiKey[]>
        rowKey="id"
        columns={useColumns(setEditing)}
        remote={keys}
        rows={(list) => list}
        failure={t('security.keys.loadFailed')}
        emptyText={
          <ListEmpty
            filtered={false}
            noMatch={t('security.keys.empty')}
            onClearFilters={() => undefined}
            title={t('security.keys.empty')}
            description={t('security.keys.emptyHint')}
            action={canAdd ? createButton(t('security.keys.create')) : null}
            testId="api-key-empty"
          />
        }
        card={(key) => <KeyCard apiKey={key} onEditNote={setEditing} />}
      />
      <CreateKeyModal
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(key) => {
          setCreating(false);
          setCreated(key);
        }}
      />
      <CreatedKeyModal created={created} onClose={() => setCreated(null)} />
      <NoteModal apiKey={editing} onClose={() => setEditing(null)} />
    </PageContainer>
  );
}

/** Edit note, disable or enable, and delete: the same in the table's fixed column and on a phone's card. */
function KeyActions({ apiKey, onEditNote }: { apiKey: ApiKey; onEditNote: (key: ApiKey) => void }) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const setEnabled = useApiKeyEnabled();
  const remove = useDeleteApiKey();
  return (
    <Space size={0} wrap>
      <Authorized permissionId="key" action="edit">
        <Button type="link" size="small" onClick={() => onEditNote(apiKey)}>
          {t('security.keys.editNote')}
        </Button>
      </Authorized>
      {apiKey.enabled ? (
        <Authorized permissionId="key" action="disable">
          <ConfirmButton
            type="link"
            size="small"
            title={t('security.keys.disableConfirm')}
            okText={t('security.keys.disable')}
            onConfirm={() => setEnabled.mutateAsync({ id: apiKey.id, enabled: false }).catch(() => undefined)}
          >
            {t('security.keys.disable')}
          </ConfirmButton>
        </Authorized>
      ) : (
        <Authorized permissionId="key" action="enable">
          <Button
            type="link"
            size="small"
            loading={setEnabled.isPending && setEnabled.variables?.id === apiKey.id}
            onClick={() => setEnabled.mutate({ id: apiKey.id, enabled: true })}
          >
            {t('security.keys.enable')}
          </Button>
        </Authorized>
      )}
      <Authorized permissionId="key" action="delete">
        <ConfirmButton
          type="link"
          size="small"
          danger
          dangerous
          title={t('security.keys.deleteConfirm')}
          description={t('security.keys.deleteHint')}
          okText={t('security.keys.delete')}
          onConfirm={() =>
            // A failure has already been shown by the request function.
            remove.mutateAsync(apiKey.id).then(
              () => message.success(t('security.keys.deleted')),
              () => undefined,
            )
          }
        >
          {t('security.keys.delete')}
        </ConfirmButton>
      </Authorized>
    </Space>
  );
}

function AccessTag({ readOnly }: { readOnly: boolean }) {
  const { t } = useI18n();
  return readOnly ? <Tag>{t('security.keys.readOnly')}</Tag> : <Tag color="blue">{t('security.keys.readWrite')}</Tag>;
}

function StatusTag({ enabled }: { enabled: boolean }) {
  const { t } = useI18n();
  return (
    <Tag color={enabled ? 'success' : 'default'}>
      {enabled ? t('security.keys.enabled') : t('security.keys.disabled')}
    </Tag>
  );
}

function useLastUsed(): (key: ApiKey) => string {
  const { t } = useI18n();
  return (key) =>
    key.lastUsedAt ? `${formatTime(key.lastUsedAt)} · ${key.lastUsedIp ?? '-'}` : t('security.keys.neverUsed');
}

/** A key on a phone: every column of the table, the actions at the bottom. */
function KeyCard({ apiKey, onEditNote }: { apiKey: ApiKey; onEditNote: (key: ApiKey) => void }) {
  const { t } = useI18n();
  const lastUsed = useLastUsed();
  return (
    <Card size="small" data-testid="api-key-card">
      <Flex vertical gap={6}>
        <Typography.Text copyable style={{ ...mono, wordBreak: 'break-all' }}>
          {apiKey.secretId}
        </Typography.Text>
        <Flex wrap gap={4}>
          <StatusTag enabled={apiKey.enabled} />
          <AccessTag readOnly={apiKey.readOnly} />
          {apiKey.sample ? <SampleTag /> : null}
        </Flex>
        {apiKey.note ? <Typography.Text>{apiKey.note}</Typography.Text> : null}
        <Typography.Text type="secondary">
          {t('security.keys.createdAt')}: {formatTime(apiKey.createdAt)}
        </Typography.Text>
        <Typography.Text type="secondary">
          {t('security.keys.lastUsed')}: {lastUsed(apiKey)}
        </Typography.Text>
        <KeyActions apiKey={apiKey} onEditNote={onEditNote} />
      </Flex>
    </Card>
  );
}

function useColumns(onEditNote: (key: ApiKey) => void): TableProps<ApiKey>['columns'] {
  const { t } = useI18n();
  const lastUsed = useLastUsed();
  return [
    {
      key: 'secretId',
      dataIndex: 'secretId',
      title: t('security.keys.secretId'),
      render: (secretId: string, key) => (
        <Flex vertical gap={2} align="flex-start">
          <Typography.Text copyable style={mono}>
            {secretId}
          </Typography.Text>
          {key.sample && <SampleTag />}
        </Flex>
      ),
    },
    {
      key: 'note',
      dataIndex: 'note',
      title: t('security.keys.note'),
      render: (note: string) => (note ? <Clipped text={note} maxWidth={160} /> : '-'),
    },
    {
      key: 'access',
      dataIndex: 'readOnly',
      title: t('security.keys.access'),
      render: (readOnly: boolean) => <AccessTag readOnly={readOnly} />,
    },
    {
      key: 'status',
      dataIndex: 'enabled',
      title: t('security.keys.status'),
      render: (enabled: boolean) => <StatusTag enabled={enabled} />,
    },
    {
      key: 'createdAt',
      dataIndex: 'createdAt',
      title: t('security.keys.createdAt'),
      render: (at: number) => formatTime(at),
    },
    { key: 'lastUsed', title: t('security.keys.lastUsed'), render: (_, key) => lastUsed(key) },
    {
      key: 'actions',
      title: t('security.keys.actions'),
      fixed: 'right',
      render: (_, key) => <KeyActions apiKey={key} onEditNote={onEditNote} />,
    },
  ];
}

const fields = ApiKeyCreateSchema.shape;

function CreateKeyModal({
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
function CreatedKeyModal({ created, onClose }: { created: ApiKeyCreated | null; onClose: () => void }) {
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

function NoteModal({ apiKey, onClose }: { apiKey: ApiKey | null; onClose: () => void }) {
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
