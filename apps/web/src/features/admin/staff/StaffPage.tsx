import { PlusOutlined } from '@ant-design/icons';
import type { StaffMember } from '@edgeward/contract';
import { Button, Card, Flex, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useStaffList } from '../../../api/admin';
import { PageContainer } from '../../../components/PageContainer';
import { RemoteTable } from '../../../components/PageTable';
import { formatTime } from '../../../lib/time';
import { useAdminI18n } from '../admin-texts';
import { useCurrentStaff } from '../layout/current-staff';
import { AddStaffModal, StaffPasswordModal } from './AddStaffModal';
import { RoleSelect, StaffActions } from './StaffActions';

const rowsOf = (list: StaffMember[]) => list;

/**
 * /admin/staff: every staff member with their role, state and last sign-in; add one (the password is shown once),
 * change a role, disable or enable, reset two-factor sign-in. The reasons go to the audit log.
 */
export default function StaffPage() {
  const { t } = useAdminI18n();
  const me = useCurrentStaff();
  const list = useStaffList();
  const [adding, setAdding] = useState(false);
  const [created, setCreated] = useState<{ userName: string; password: string } | null>(null);

  const state = (member: StaffMember) => (
    <Flex gap={4} wrap>
      {member.disabled ? (
        <Tag color="error">{t('admin.staff.stateDisabled')}</Tag>
      ) : (
        <Tag color="success">{t('admin.staff.stateEnabled')}</Tag>
      )}
      <Tag color={member.twoFactorEnabled ? 'blue' : 'warning'}>
        {t(member.twoFactorEnabled ? 'admin.staff.twoFactorOn' : 'admin.staff.twoFactorPending')}
      </Tag>
    </Flex>
  );
  const lastSignIn = (member: StaffMember) =>
    member.lastSignInAt === null ? (
      <Typography.Text type="secondary">{t('admin.staff.neverSignedIn')}</Typography.Text>
    ) : (
      `${formatTime(member.lastSignInAt)} · ${member.lastSignInIp ?? '-'}`
    );
  const name = (member: StaffMember) => (
    <Flex gap={6} align="center">
      <span data-testid="admin-staff-name">{member.userName}</span>
      {member.id === me.id ? <Tag>{t('admin.staff.you')}</Tag> : null}
    </Flex>
  );

  const columns: ColumnsType<StaffMember> = [
    { title: t('admin.staff.userName'), key: 'userName', render: (_, member) => name(member) },
    {
      title: t('admin.staff.role'),
      key: 'role',
      render: (_, member) => <RoleSelect member={member} self={member.id === me.id} />,
    },
    { title: t('admin.staff.state'), key: 'state', render: (_, member) => state(member) },
    { title: t('admin.staff.lastSignIn'), key: 'lastSignIn', render: (_, member) => lastSignIn(member) },
    { title: t('admin.staff.createdAt'), dataIndex: 'createdAt', render: (at: number) => formatTime(at) },
    {
      title: t('admin.staff.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, member) => <StaffActions member={member} self={member.id === me.id} />,
    },
  ];
  const card = (member: StaffMember) => (
    <Card size="small" data-testid="admin-staff-card">
      <Flex vertical gap={8}>
        <Flex justify="space-between" align="center" gap={8} wrap>
          {name(member)}
          <RoleSelect member={member} self={member.id === me.id} />
        </Flex>
        {state(member)}
        <Typography.Text type="secondary">{lastSignIn(member)}</Typography.Text>
        <StaffActions member={member} self={member.id === me.id} />
      </Flex>
    </Card>
  );

  return (
    <PageContainer
      title={t('admin.menu.staff')}
      subTitle={t('admin.staff.subtitle')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="admin-staff-add">
          {t('admin.staff.add')}
        </Button>
      }
    >
      <RemoteTable<StaffMember, StaffMember[]>
        rowKey="id"
        remote={list}
        rows={rowsOf}
        columns={columns}
        card={card}
        failure={t('admin.staff.loadFailed')}
        emptyText={t('admin.staff.empty')}
        data-testid="admin-staff-table"
      />
      <AddStaffModal
        open={adding}
        onClose={() => setAdding(false)}
        onCreated={(member) => {
          setAdding(false);
          setCreated(member);
        }}
      />
      <StaffPasswordModal created={created} onClose={() => setCreated(null)} />
    </PageContainer>
  );
}
