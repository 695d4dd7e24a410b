import { PlusOutlined } from '@ant-design/icons';
import { type StaffEdgeNode, StaffReasonSchema } from '@edgeward/contract';
import { App, Button, Flex, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useEdgeNodes, useRepublish, useRevokeEdgeNode } from '../../../api/admin-edge';
import { ConfirmButton } from '../../../components/ConfirmButton';
import { RemoteTable } from '../../../components/PageTable';
import { ReasonConfirmButton } from '../../../components/ReasonConfirmButton';
import { formatTime } from '../../../lib/time';
import { useAdminI18n } from '../admin-texts';
import { ageOf } from '../dashboard/dashboard-figures';
import { useCurrentStaff } from '../layout/current-staff';
import { AddEdgeNodeModal, EdgeTokenModal } from './AddEdgeNodeModal';
import { revokeOf, versionsOf } from './edge-logic';

const reasonSchema = StaffReasonSchema.shape.reason;
const rowsOf = (list: StaffEdgeNode[]) => list;

/** Revoke an issued node with a reason; a configured one says where it is taken away instead. */
function RevokeButton({ node }: { node: StaffEdgeNode }) {
  const { t } = useAdminI18n();
  const { message } = App.useApp();
  const revoke = useRevokeEdgeNode();
  const { name } = node;
  const offer = revokeOf(node);
  if (offer === 'revoked') return null;
  if (offer === 'configured') {
    return (
      <Tooltip title={t('adminEdge.nodes.configuredNoRevoke')}>
        <Button type="link" size="small" disabled data-testid="admin-edge-revoke">
          {t('adminEdge.nodes.revoke')}
        </Button>
      </Tooltip>
    );
  }
  return (
    <ReasonConfirmButton
      type="link"
      size="small"
      danger
      dangerous
      title={t('adminEdge.nodes.revokeConfirm', { name })}
      description={t('adminEdge.nodes.revokeHint')}
      reasonLabel={t('adminEdge.nodes.reason')}
      reasonSchema={reasonSchema}
      okText={t('adminEdge.nodes.revoke')}
      onConfirm={(reason) =>
        revoke.mutateAsync({ name, reason }).then(() => message.success(t('adminEdge.nodes.revokedDone', { name })))
      }
      data-testid="admin-edge-revoke"
    >
      {t('adminEdge.nodes.revoke')}
    </ReasonConfirmButton>
  );
}

/** Publish every domain again, after a confirmation; says how many were queued. Only for `republish`. */
function RepublishButton() {
  const { t } = useAdminI18n();
  const { message } = App.useApp();
  const republish = useRepublish();
  return (
    <ConfirmButton
      mode="modal"
      title={t('adminEdge.republishConfirm')}
      description={t('adminEdge.republishHint')}
      okText={t('adminEdge.republish')}
      onConfirm={() =>
        // A failure has already been shown by the request function.
        republish.mutateAsync(undefined).then(
          ({ queued }) => message.success(t('adminEdge.republished', { queued })),
          () => undefined,
        )
      }
      data-testid="admin-edge-republish"
    >
      {t('adminEdge.republish')}
    </ConfirmButton>
  );
}

/** The edge nodes, issued and configured: last contact, versions, how far behind, failures; add and revoke. */
export function NodesTab() {
  const { t, locale } = useAdminI18n();
  const me = useCurrentStaff();
  const nodes = useEdgeNodes();
  const [adding, setAdding] = useState(false);
  const [created, setCreated] = useState<{ name: string; token: string } | null>(null);
  const now = Date.now();

  const columns: ColumnsType<StaffEdgeNode> = [
    {
      title: t('adminEdge.nodes.name'),
      dataIndex: 'name',
      render: (name: string) => <span data-testid="admin-edge-node-name">{name}</span>,
    },
    {
      title: t('adminEdge.nodes.source'),
      dataIndex: 'source',
      render: (source: StaffEdgeNode['source']) => t(`adminEdge.nodes.source.${source}`),
    },
    { title: t('adminEdge.nodes.hostname'), dataIndex: 'hostname', render: (host: string | null) => host ?? '-' },
    { title: t('adminEdge.nodes.versions'), key: 'versions', render: (_, node) => versionsOf(node) ?? '-' },
    {
      title: t('adminEdge.nodes.lastContact'),
      dataIndex: 'lastContactAt',
      render: (at: number | null) =>
        at === null ? (
          <Typography.Text type="secondary">{t('adminEdge.nodes.never')}</Typography.Text>
        ) : (
          <Flex vertical>
            <span>{ageOf(at, now, locale)}</span>
            <Typography.Text type="secondary">{formatTime(at)}</Typography.Text>
          </Flex>
        ),
    },
    {
      title: t('adminEdge.nodes.versionsBehind'),
      dataIndex: 'versionsBehind',
      align: 'right',
      render: (behind: number) => (behind > 0 ? <Tag color="orange">{behind}</Tag> : behind),
    },
    {
      title: t('adminEdge.nodes.failures'),
      dataIndex: 'failures',
      align: 'right',
      render: (failures: number) => (failures > 0 ? <Tag color="red">{failures}</Tag> : failures),
    },
    {
      title: t('adminEdge.nodes.state'),
      key: 'state',
      render: (_, node) =>
        node.revokedAt === null ? (
          <Tag color="success">{t('adminEdge.nodes.active')}</Tag>
        ) : (
          <Tooltip title={formatTime(node.revokedAt)}>
            <Tag color="error" data-testid="admin-edge-node-revoked">
              {t('adminEdge.nodes.revoked')}
            </Tag>
          </Tooltip>
        ),
    },
    { title: t('adminEdge.nodes.actions'), key: 'actions', render: (_, node) => <RevokeButton node={node} /> },
  ];

  return (
    <Flex vertical gap={16}>
      <Flex justify="flex-end" gap={8} wrap>
        {me.capabilities.includes('republish') ? <RepublishButton /> : null}
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="admin-edge-add">
          {t('adminEdge.nodes.add')}
        </Button>
      </Flex>
      <RemoteTable<StaffEdgeNode, StaffEdgeNode[]>
        rowKey="name"
        remote={nodes}
        rows={rowsOf}
        columns={columns}
        failure={t('adminEdge.nodes.loadFailed')}
        emptyText={t('adminEdge.nodes.empty')}
        data-testid="admin-edge-nodes-table"
      />
      <AddEdgeNodeModal
        open={adding}
        onClose={() => setAdding(false)}
        onCreated={(node) => {
          setAdding(false);
          setCreated(node);
        }}
      />
      <EdgeTokenModal created={created} onClose={() => setCreated(null)} />
    </Flex>
  );
}
