import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import { limits, type Profile, ProfileEditSchema } from '@edgeward/contract';
import { App, Avatar, Button, Flex, Form, Input, Skeleton, Typography, Upload, type UploadProps } from 'antd';
import { useState } from 'react';
import { avatarUploadPath, useEditProfile } from '../../api/account';
import { isEnvelope } from '../../api/http';
import { useI18n } from '../../i18n';
import { applyServerErrors, zodRule } from '../../lib/form';
import { fileProblem } from '../../lib/upload';
import { sessionStore, useSession } from '../../stores/session';

const fields = ProfileEditSchema.shape;

const avatarRule = {
  types: ['image/png', 'image/jpeg', 'image/gif', 'image/webp'],
  maxBytes: limits.account.avatarMaxBytes,
} as const;

export function BasicSettings() {
  const { user } = useSession();
  if (!user) return <Skeleton active />;
  return (
    <Flex wrap gap={48} align="flex-start">
      <ProfileForm user={user} />
      <AvatarUpload user={user} />
    </Flex>
  );
}

function ProfileForm({ user }: { user: Profile }) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ userName: string; email: string }>();
  const edit = useEditProfile();

  return (
    <Form
      form={form}
      layout="vertical"
      name="profile"
      initialValues={{ userName: user.userName, email: user.email }}
      style={{ flex: '1 1 320px', maxWidth: 440 }}
      onFinish={(values) =>
        edit.mutate(values, {
          onSuccess: (profile) => {
            sessionStore.setUser(profile);
            message.success(t('account.settings.saved'));
          },
          onError: (error) => applyServerErrors(form, error, { USERNAME_TAKEN: 'userName', EMAIL_TAKEN: 'email' }),
        })
      }
    >
      <Form.Item name="userName" label={t('account.field.userName')} rules={[zodRule(fields.userName, t)]}>
        <Input
          autoComplete="username"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={limits.account.userNameMax}
          autoFocus
        />
      </Form.Item>
      <Form.Item name="email" label={t('account.field.email')} rules={[zodRule(fields.email, t)]}>
        <Input type="email" autoComplete="email" maxLength={limits.account.emailMax} />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" loading={edit.isPending}>
          {t('account.settings.save')}
        </Button>
      </Form.Item>
    </Form>
  );
}

function AvatarUpload({ user }: { user: Profile }) {
  const { t, locale } = useI18n();
  const { message } = App.useApp();
  const { token } = useSession();
  const [uploading, setUploading] = useState(false);

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    const problem = fileProblem(file, avatarRule);
    if (!problem) return true;
    message.error(t(problem === 'type' ? 'account.settings.avatarType' : 'account.settings.avatarSize'));
    return Upload.LIST_IGNORE;
  };

  // The Upload posts by itself (multipart), so it reads the envelope here instead of through request().
  const onChange: UploadProps['onChange'] = ({ file }) => {
    if (file.status === 'uploading') {
      setUploading(true);
      return;
    }
    setUploading(false);
    const body: unknown = file.response;
    if (file.status === 'done' && isEnvelope(body) && body.code === 200) {
      sessionStore.setUser(body.data as Profile);
      message.success(t('account.settings.avatarUpdated'));
    } else if (file.status === 'done' || file.status === 'error') {
      message.error(
        isEnvelope(body) && body.message
          ? t('account.settings.uploadFailedReason', { reason: body.message })
          : t('account.settings.uploadFailed'),
      );
    }
  };

  return (
    <Flex vertical align="center" gap={12} style={{ flex: '0 0 200px' }}>
      <Typography.Text>{t('account.field.avatar')}</Typography.Text>
      <Avatar
        size={144}
        src={user.avatar ?? undefined}
        icon={<UserOutlined />}
        alt={user.userName}
        data-testid="account-avatar"
      />
      <Upload
        name="avatar"
        action={avatarUploadPath}
        headers={{ Authorization: token ?? '', 'Accept-Language': locale }}
        accept={avatarRule.types.join(',')}
        showUploadList={false}
        maxCount={1}
        beforeUpload={beforeUpload}
        onChange={onChange}
      >
        <Button icon={<UploadOutlined />} loading={uploading}>
          {t('account.settings.changeAvatar')}
        </Button>
      </Upload>
      <Typography.Text type="secondary" style={{ textAlign: 'center' }}>
        {t('account.settings.avatarHint')}
      </Typography.Text>
    </Flex>
  );
}
