import { type StaffEdgeNodeCreate, type StaffEdgeNodeCreated, StaffEdgeNodeCreateSchema } from '@edgeward/contract';
import { Alert, Button, Descriptions, Form, Input, Modal, Typography } from 'antd';
import { useAddEdgeNode } from '../../../api/admin-edge';
import { reportFormError, zodRule } from '../../../lib/form';
import { useAdminI18n } from '../admin-texts';

const fields = StaffEdgeNodeCreateSchema.shape;

/** A new edge node: its name, checked by the contract's schema. The server makes the token, shown once after. */
export function AddEdgeNodeModal({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (created: StaffEdgeNodeCreated) => void;
}) {
  const { t, translate } = useAdminI18n();
  const [form] = Form.useForm<StaffEdgeNodeCreate>();
  const add = useAddEdgeNode();

  function onFinish(values: StaffEdgeNodeCreate) {
    add.mutate(
      { name: values.name.trim() },
      {
        onSuccess: onCreated,
        onError: (error) => reportFormError(form, error, { EDGE_NODE_TAKEN: 'name' }),
      },
    );
  }

  return (
    <Modal
      open={open}
      title={t('adminEdge.nodes.addTitle')}
      okText={t('adminEdge.nodes.add')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={add.isPending}
      okButtonProps={{ 'data-testid': 'admin-edge-add-submit' }}
      destroyOnHidden
    >
      <Form noValidate form={form} layout="vertical" name="edge-node-create" onFinish={onFinish} preserve={false}>
        <Form.Item
          name="name"
          label={t('adminEdge.nodes.name')}
          extra={t('adminEdge.nodes.addHint')}
          rules={[zodRule(fields.name, translate)]}
        >
          <Input
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            autoFocus
            data-testid="admin-edge-add-name"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The one time a new node's token is on screen: closing needs a deliberate click. */
export function EdgeTokenModal({ created, onClose }: { created: StaffEdgeNodeCreated | null; onClose: () => void }) {
  const { t } = useAdminI18n();
  return (
    <Modal
      open={created !== null}
      title={t('adminEdge.nodes.tokenTitle', { name: created?.name ?? '' })}
      closable={false}
      maskClosable={false}
      keyboard={false}
      // Gone from the page once closed: a hidden dialog would keep the token in the document.
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose} data-testid="admin-edge-token-done">
          {t('adminEdge.nodes.tokenDone')}
        </Button>
      }
    >
      <Alert type="warning" showIcon title={t('adminEdge.nodes.tokenOnce')} style={{ marginBottom: 16 }} />
      {created ? (
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label={t('adminEdge.nodes.name')}>{created.name}</Descriptions.Item>
          <Descriptions.Item label={t('adminEdge.nodes.token')}>
            <Typography.Text
              copyable
              style={{ fontFamily: 'monospace', wordBreak: 'break-all' }}
              data-testid="admin-edge-token"
            >
              {created.token}
            </Typography.Text>
          </Descriptions.Item>
        </Descriptions>
      ) : null}
    </Modal>
  );
}
