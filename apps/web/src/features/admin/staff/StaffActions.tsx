import { type StaffMember, StaffReasonSchema, type StaffRole, staffRoles } from '@edgeward/contract';
import { App, Flex, Select } from 'antd';
import { useChangeStaffRole, useDisableStaff, useEnableStaff, useResetStaffTwoFactor } from '../../../api/admin';
import { ConfirmButton } from '../../../components/ConfirmButton';
import { ReasonConfirmButton } from '../../../components/ReasonConfirmButton';
import { useAdminI18n } from '../admin-texts';

const reasonSchema = StaffReasonSchema.shape.reason;

/**
 * A member's role, changed in place. Not one's own: the server refuses it (STAFF_SELF), so the console does not
 * offer it; nor does it let the last admin go, which the server says (STAFF_LAST_ADMIN).
 */
export function RoleSelect({ member, self }: { member: StaffMember; self: boolean }) {
  const { t } = useAdminI18n();
  const { message } = App.useApp();
  const change = useChangeStaffRole();
  return (
    <Select<StaffRole>
      value={member.role}
      disabled={self || change.isPending}
      loading={change.isPending}
      onChange={(role) =>
        change.mutate(
          { id: member.id, role },
          { onSuccess: () => message.success(t('admin.staff.roleChanged', { name: member.userName })) },
        )
      }
      options={staffRoles.map((role) => ({ value: role, label: t(`admin.role.${role}`) }))}
      aria-label={t('admin.staff.roleOf', { name: member.userName })}
      style={{ width: 140 }}
      data-testid="admin-staff-role"
    />
  );
}

/** Disable (with a reason) or enable, and reset two-factor sign-in (with a reason); none of them on oneself. */
export function StaffActions({ member, self }: { member: StaffMember; self: boolean }) {
  const { t } = useAdminI18n();
  const { message } = App.useApp();
  const disable = useDisableStaff();
  const enable = useEnableStaff();
  const reset = useResetStaffTwoFactor();
  if (self) return null;
  const name = member.userName;
  return (
    <Flex gap={4} wrap>
      {member.disabled ? (
        <ConfirmButton
          type="link"
          size="small"
          title={t('admin.staff.enableConfirm', { name })}
          onConfirm={() =>
            // A failure has already been shown by the request function.
            enable.mutateAsync(member.id).then(
              () => message.success(t('admin.staff.enabled', { name })),
              () => undefined,
            )
          }
          data-testid="admin-staff-enable"
        >
          {t('admin.staff.enable')}
        </ConfirmButton>
      ) : (
        <ReasonConfirmButton
          type="link"
          size="small"
          danger
          dangerous
          title={t('admin.staff.disableConfirm', { name })}
          description={t('admin.staff.disableHint')}
          reasonLabel={t('admin.staff.reason')}
          reasonSchema={reasonSchema}
          okText={t('admin.staff.disable')}
          onConfirm={(reason) =>
            disable
              .mutateAsync({ id: member.id, reason })
              .then(() => message.success(t('admin.staff.disabled', { name })))
          }
          data-testid="admin-staff-disable"
        >
          {t('admin.staff.disable')}
        </ReasonConfirmButton>
      )}
      <ReasonConfirmButton
        type="link"
        size="small"
        dangerous
        disabled={!member.twoFactorEnabled}
        title={t('admin.staff.resetConfirm', { name })}
        description={t('admin.staff.resetHint')}
        reasonLabel={t('admin.staff.reason')}
        reasonSchema={reasonSchema}
        okText={t('admin.staff.reset')}
        onConfirm={(reason) =>
          reset.mutateAsync({ id: member.id, reason }).then(() => message.success(t('admin.staff.resetDone', { name })))
        }
        data-testid="admin-staff-reset"
      >
        {t('admin.staff.reset')}
      </ReasonConfirmButton>
    </Flex>
  );
}
