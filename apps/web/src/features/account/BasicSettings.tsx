import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import {
  EmailCodeSchema,
  limits,
  PasswordEditFieldsSchema,
  type Profile,
  type ProfileEdit,
  ProfileEditSchema,
} from '@edgeward/contract';
import {
  App,
  Avatar,
  Button,
  Flex,
  Form,
  type FormInstance,
  Input,
  Skeleton,
  Typography,
  Upload,
  type UploadProps,
} from 'antd';
import { useState } from 'react';
import { avatarUploadPath, useEditProfile, useSendEmailChangeCode } from '../../api/account';
import { isEnvelope } from '../../api/http';
import { EmailCodeField } from '../../components/EmailCodeField';
import { useI18n } from '../../i18n';
import { type ErrorFieldMap, reportFormError, zodRule } from '../../lib/form';
import { fileProblem } from '../../lib/upload';
import { useCountdown } from '../../lib/use-countdown';
import { sessionStore, useSession } from '../../stores/session';
import { RealNameSection } from '../identity';

const fields = ProfileEditSchema.shape;

/** Errors that answer without `fields` but clearly belong under one. */
const errorFields: ErrorFieldMap = {
  USERNAME_TAKEN: 'userName',
  EMAIL_TAKEN: 'email',
  PASSWORD_WRONG: 'currentPassword',
  EMAIL_CODE_INVALID: 'emailCode',
};

const avatarRule = {
  types: ['image/png', 'image/jpeg', 'image/gif', 'image/webp'],
  maxBytes: limits.account.avatarMaxBytes,
} as const;

export function BasicSettings() {
  const { user } = useSession();
  if (!user) return <Skeleton active />;
  return (
    <Flex vertical gap={32}>
      <Flex wrap gap={48} align="flex-start">
        <ProfileForm user={user} />
        <AvatarUpload user={user} />
      </Flex>
      <RealNameSection />
    </Flex>
  );
}

function ProfileForm({ user }: { user: Profile }) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const [form] = Form.useForm<ProfileEdit>();
  const edit = useEditProfile();
  const email = Form.useWatch('email', form);
  // The server asks for the password and a code only when the address really changes (letter case aside).
  const emailChanges = (email ?? user.email).trim().toLowerCase() !== user.email.toLowerCase();

  return (
    <Form
      noValidate
      form={form}
      layout="vertical"
      name="profile"
      initialValues={{ userName: user.userName, email: user.email }}
      style={{ flex: '1 1 320px', maxWidth: 440 }}
      onFinish={(values) =>
        edit.mutate(values, {
          onSuccess: (profile) => {
            sessionStore.setUser(profile);
            form.setFieldsValue({ email: profile.email });
            message.success(t('account.settings.saved'));
          },
          onError: (error) => reportFormError(form, error, errorFields),
        })
      }
    >
      <Form.Item name="userName" label={t('account.field.userName')} rules={[zodRule(fields.userName, t)]}>
        <Input autoComplete="username" autoCapitalize="off" spellCheck={false} autoFocus />
      </Form.Item>
      <Form.Item name="email" label={t('account.field.email')} rules={[zodRule(fields.email, t)]}>
        <Input type="email" autoComplete="email" />
      </Form.Item>
      {emailChanges && <EmailChangeFields form={form} />}
      <Form.Item>
        <Button type="primary" htmlType="submit" loading={edit.isPending}>
          {t('account.settings.save')}
        </Button>
      </Form.Item>
    </Form>
  );
}

/** The proof a new email needs: the current password, and the code the server mails to the new address. */
function EmailChangeFields({ form }: { form: FormInstance<ProfileEdit> }) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const countdown = useCountdown();
  const sendCode = useSendEmailChangeCode();

  async function onSendCode() {
    let email: string;
    try {
      ({ email } = await form.validateFields(['email']));
    } catch {
      return;
    }
    sendCode.mutate(
      { email },
      {
        onSuccess: ({ resendAfterMs }) => {
          countdown.start(resendAfterMs > 0 ? resendAfterMs : limits.account.emailCodeResendMs);
          message.success(t('account.register.codeSent', { email: email.trim() }));
          form.focusField('emailCode');
        },
        onError: (error) => reportFormError(form, error, errorFields),
      },
    );
  }

  return (
    <>
      <Typography.Paragraph type="secondary">{t('account.settings.emailChangeHint')}</Typography.Paragraph>
      <Form.Item
        name="currentPassword"
        label={t('account.field.oldPassword')}
        rules={[zodRule(PasswordEditFieldsSchema.shape.oldPassword, t)]}
        preserve={false}
      >
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <EmailCodeField
        rule={zodRule(EmailCodeSchema, t)}
        onSend={onSendCode}
        sending={sendCode.isPending}
        resendIn={countdown.remaining}
        sendTestId="send-email-change-code"
        preserve={false}
      />
    </>
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
