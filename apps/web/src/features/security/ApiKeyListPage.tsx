import { PlusOutlined } from '@ant-design/icons';
import { type ApiKey, type ApiKeyCreated, limits } from '@edgeward/contract';
import { Button, Card, Flex, type TableProps, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useApiKeys } from '../../api/security';
import { Authorized, useAuthorized } from '../../components/Authorized';
import { Clipped } from '../../components/Clipped';
import { ListEmpty } from '../../components/ListEmpty';
import { PageContainer } from '../../components/PageContainer';
import { RemoteTable } from '../../components/PageTable';
import { SampleTag } from '../../components/SampleTag';
import { useI18n } from '../../i18n';
import { formatTime } from '../../lib/time';
import { KeyActions } from './ApiKeyActions';
import { CreatedKeyModal, CreateKeyModal, NoteModal } from './ApiKeyModals';
import { mono } from './monospace';

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
