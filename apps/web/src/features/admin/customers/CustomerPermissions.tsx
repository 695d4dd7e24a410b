import { type Action, actions, type StaffCustomerDetail } from '@edgeward/contract';
import { App, Button, Card, Checkbox, Flex, Modal, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useSetCustomerPermission } from '../../../api/admin-customer';
import { useAdminI18n } from '../admin-texts';
import { useCurrentStaff } from '../layout/current-staff';
import {
  customerActions,
  orderedActions,
  type PermissionRow,
  permissionLabels,
  permissionRows,
} from './customer-logic';

/** The dialog of one permission: its actions to tick; none takes the permission away. */
function PermissionModal({
  customer,
  row,
  onClose,
}: {
  customer: StaffCustomerDetail;
  row: PermissionRow;
  onClose: () => void;
}) {
  const { t } = useAdminI18n();
  const { message } = App.useApp();
  const save = useSetCustomerPermission(customer.id);
  const [chosen, setChosen] = useState<Action[]>(row.actions);
  const permission = t(permissionLabels[row.id]);
  const submit = () =>
    save.mutate(
      { permissionId: row.id, actionList: orderedActions(chosen) },
      {
        onSuccess: () => {
          message.success(t('adminCustomer.permissions.saved', { permission }));
          onClose();
        },
      },
    );
  return (
    <Modal
      open
      title={t('adminCustomer.permissions.editTitle', { permission, name: customer.userName })}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      okButtonProps={{ 'data-testid': 'admin-customer-permission-ok' }}
      confirmLoading={save.isPending}
      onOk={submit}
      onCancel={onClose}
    >
      <Flex vertical gap={12}>
        <Checkbox
          checked={chosen.length === actions.length}
          indeterminate={chosen.length > 0 && chosen.length < actions.length}
          onChange={(event) => setChosen(event.target.checked ? [...actions] : [])}
          data-testid="admin-customer-permission-all"
        >
          {t('adminCustomer.permissions.all')}
        </Checkbox>
        <Checkbox.Group<Action>
          value={chosen}
          onChange={setChosen}
          options={actions.map((action) => ({ value: action, label: t(`adminCustomer.action.${action}`) }))}
          data-testid="admin-customer-permission-actions"
        />
        {chosen.length === 0 ? (
          <Typography.Text type="warning" data-testid="admin-customer-permission-empty">
            {t('adminCustomer.permissions.emptyHint')}
          </Typography.Text>
        ) : null}
      </Flex>
    </Modal>
  );
}

/** Every permission of the customer console with the actions the customer holds; editable with customers.manage. */
export function CustomerPermissions({ customer }: { customer: StaffCustomerDetail }) {
  const { t } = useAdminI18n();
  const me = useCurrentStaff();
  const [editing, setEditing] = useState<PermissionRow | null>(null);
  const editable = customerActions(customer, me.capabilities).permissions;
  const columns: ColumnsType<PermissionRow> = [
    {
      title: t('adminCustomer.permissions.permission'),
      key: 'permission',
      render: (_, row) => (
        <Flex vertical>
          <span>{t(permissionLabels[row.id])}</span>
          <Typography.Text type="secondary" code>
            {row.id}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('adminCustomer.permissions.actions'),
      key: 'actions',
      render: (_, row) =>
        row.actions.length === 0 ? (
          <Typography.Text type="secondary">{t('adminCustomer.permissions.notGranted')}</Typography.Text>
        ) : (
          <Flex gap={4} wrap>
            {row.actions.map((action) => (
              <Tag key={action}>{t(`adminCustomer.action.${action}`)}</Tag>
            ))}
          </Flex>
        ),
    },
    ...(editable
      ? [
          {
            title: t('adminCustomer.actions.title'),
            key: 'edit',
            render: (_: unknown, row: PermissionRow) => (
              <Button
                type="link"
                size="small"
                onClick={() => setEditing(row)}
                data-testid={`admin-customer-permission-edit-${row.id}`}
              >
                {t('adminCustomer.permissions.edit')}
              </Button>
            ),
          },
        ]
      : []),
  ];
  return (
    <Card title={t('adminCustomer.permissions.title')} size="small">
      <Table<PermissionRow>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={permissionRows(customer.permissions)}
        pagination={false}
        scroll={{ x: 'max-content' }}
        data-testid="admin-customer-permissions"
      />
      {editing ? <PermissionModal customer={customer} row={editing} onClose={() => setEditing(null)} /> : null}
    </Card>
  );
}
