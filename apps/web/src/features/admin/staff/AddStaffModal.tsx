import { limits, type StaffCreate, StaffCreateSchema, staffRoles } from '@edgeward/contract';
import { Alert, Button, Descriptions, Form, Input, Modal, Select, Typography } from 'antd';
import { useCreateStaff } from '../../../api/admin';
import { reportFormError, zodRule } from '../../../lib/form';
import { useAdminI18n } from '../admin-texts';

const fields = StaffCreateSchema.shape;

/** A new staff member: a name and a role. The server makes the password, which the page then shows once. */
export function AddStaffModal({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (member: { userName: string; password: string }) => void;
}) {
  const { t, translate } = useAdminI18n();
  const [form] = Form.useForm<StaffCreate>();
  const create = useCreateStaff();

  function onFinish(values: StaffCreate) {
    create.mutate(values, {
      onSuccess: ({ password }) => onCreated({ userName: values.userName.trim(), password }),
      onError: (error) => reportFormError(form, error, { STAFF_NAME_TAKEN: 'userName' }),
    });
  }

  return (
    <Modal
      open={open}
      title={t('admin.staff.addTitle')}
      okText={t('admin.staff.add')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={create.isPending}
      okButtonProps={{ 'data-testid': 'admin-staff-add-submit' }}
      destroyOnHidden
    >
      <Form noValidate form={form} layout="vertical" name="staff-create" onFinish={onFinish} preserve={false}>
        <Form.Item name="userName" label={t('admin.staff.userName')} rules={[zodRule(fields.userName, translate)]}>
          <Input
            maxLength={limits.account.userNameMax}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            autoFocus
            data-testid="admin-staff-add-name"
          />
        </Form.Item>
        <Form.Item name="role" label={t('admin.staff.role')} rules={[zodRule(fields.role, translate)]}>
          <Select
            options={staffRoles.map((role) => ({ value: role, label: t(`admin.role.${role}`) }))}
            data-testid="admin-staff-add-role"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The one time a new member's password is on screen: closing needs a deliberate click. */
export function StaffPasswordModal({
  created,
  onClose,
}: {
  created: { userName: string; password: string } | null;
  onClose: () => void;
}) {
  const { t } = useAdminI18n();
  return (
    <Modal
      open={created !== null}
      title={t('admin.staff.passwordTitle')}
      closable={false}
      maskClosable={false}
      keyboard={false}
      // Gone from the page once closed: a hidden dialog would keep the password in the document.
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose} data-testid="admin-staff-password-done">
          {t('admin.staff.passwordDone')}
        </Button>
      }
    >
      <Alert type="warning" showIcon title={t('admin.staff.passwordOnce')} style={{ marginBottom: 16 }} />
      {created ? (
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label={t('admin.staff.userName')}>{created.userName}</Descriptions.Item>
          <Descriptions.Item label={t('admin.staff.password')}>
            <Typography.Text copyable style={{ fontFamily: 'monospace' }} data-testid="admin-staff-password">
              {created.password}
            </Typography.Text>
          </Descriptions.Item>
        </Descriptions>
      ) : null}
    </Modal>
  );
}
