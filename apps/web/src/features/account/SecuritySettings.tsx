import { PasswordEditFieldsSchema } from '@edgeward/contract';
import { App, Button, Divider, Flex, Form, Input, type TableProps, Tag, Tooltip, Typography } from 'antd';
import { useEditPassword, useRevokeOtherSessions, useSessions } from '../../api/account';
import { ConfirmButton } from '../../components/ConfirmButton';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { RemoteTable } from '../../components/PageTable';
import { useI18n } from '../../i18n';
import { reportFormError, zodRule } from '../../lib/form';
import { formatTime } from '../../lib/time';
import { describeUserAgent } from '../../lib/user-agent';
import { useSession } from '../../stores/session';
import { TwoFactorSettings } from '../security';

type SessionItem = NonNullable<ReturnType<typeof useSessions>['data']>[number];

interface PasswordValues {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

const fields = PasswordEditFieldsSchema.shape;

export function SecuritySettings() {
  return (
    <Flex vertical>
      <PasswordForm />
      <Divider />
      <TwoFactorSettings />
      <Divider />
      <SessionList />
    </Flex>
  );
}

function PasswordForm() {
  const { t } = useI18n();
  const { message } = App.useApp();
  const { user } = useSession();
  const [form] = Form.useForm<PasswordValues>();
  const editPassword = useEditPassword();

  function onFinish(values: PasswordValues) {
    editPassword.mutate(values, {
      onSuccess: () => {
        // This session stays signed in; only the others are revoked by the server.
        form.resetFields();
        message.success(t('account.settings.passwordChanged'));
      },
      onError: (error) => reportFormError(form, error, { PASSWORD_WRONG: 'oldPassword' }),
    });
  }

  return (
    <section aria-labelledby="password-title">
      <Typography.Title level={5} id="password-title" style={{ marginTop: 0 }}>
        {t('account.settings.passwordTitle')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('account.settings.passwordHint')}</Typography.Paragraph>
      <Form noValidate form={form} layout="vertical" name="password" onFinish={onFinish} style={{ maxWidth: 440 }}>
        {/* Lets password managers file the new password under the right account. */}
        <input type="text" name="username" autoComplete="username" value={user?.userName ?? ''} readOnly hidden />
        <Form.Item name="oldPassword" label={t('account.field.oldPassword')} rules={[zodRule(fields.oldPassword, t)]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <NewPasswordFields name="newPassword" label={t('account.field.newPassword')} />
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={editPassword.isPending}>
            {t('account.settings.passwordSubmit')}
          </Button>
        </Form.Item>
      </Form>
    </section>
  );
}

function SessionList() {
  const { t } = useI18n();
  const { message } = App.useApp();
  const sessions = useSessions();
  const revoke = useRevokeOtherSessions();
  const others = (sessions.data ?? []).filter((s) => !s.current).length;

  const columns: TableProps<SessionItem>['columns'] = [
    {
      key: 'device',
      title: t('account.sessions.device'),
      render: (_, session) => (
        <Flex gap={8} align="center" wrap>
          <Tooltip title={session.userAgent}>
            <span>{describeUserAgent(session.userAgent) ?? t('account.sessions.unknownDevice')}</span>
          </Tooltip>
          {session.current && <Tag color="success">{t('account.sessions.current')}</Tag>}
          {session.kind === 'simulation' && <Tag color="processing">{t('account.sessions.simulation')}</Tag>}
        </Flex>
      ),
    },
    { key: 'ip', dataIndex: 'ip', title: t('account.sessions.ip'), render: (ip: string | null) => ip ?? '-' },
    {
      key: 'createdAt',
      dataIndex: 'createdAt',
      title: t('account.sessions.createdAt'),
      render: (at: number) => formatTime(at),
    },
    {
      key: 'lastSeenAt',
      dataIndex: 'lastSeenAt',
      title: t('account.sessions.lastSeenAt'),
      render: (at: number) => formatTime(at),
    },
  ];

  return (
    <section aria-labelledby="sessions-title">
      <Flex justify="space-between" align="center" gap={12} wrap style={{ marginBottom: 8 }}>
        <Typography.Title level={5} id="sessions-title" style={{ margin: 0 }}>
          {t('account.sessions.title')}
        </Typography.Title>
        <ConfirmButton
          title={t('account.sessions.revokeConfirm')}
          okText={t('account.sessions.revokeOthers')}
          dangerous
          disabled={others === 0}
          onConfirm={() =>
            // A failure has already been shown by the request function.
            revoke.mutateAsync().then(
              () => message.success(t('account.sessions.revoked')),
              () => undefined,
            )
          }
        >
          {t('account.sessions.revokeOthers')}
        </ConfirmButton>
      </Flex>
      <Typography.Paragraph type="secondary">{t('account.sessions.hint')}</Typography.Paragraph>
      <RemoteTable<SessionItem, SessionItem[]>
        rowKey="id"
        size="middle"
        columns={columns}
        remote={sessions}
        rows={sessionRows}
        failure={t('account.sessions.loadFailed')}
      />
    </section>
  );
}

function sessionRows(sessions: SessionItem[]): SessionItem[] {
  return sessions;
}
