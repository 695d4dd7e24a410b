import { TotpCodeSchema, TwoFactorDisableSchema, type TwoFactorSetup } from '@edgeward/contract';
import { Alert, App, Button, Flex, Form, Input, Modal, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useDisableTwoFactor, useEnableTwoFactor, useTwoFactorSetup, useTwoFactorStatus } from '../../api/security';
import { DataState } from '../../components/DataState';
import { useI18n } from '../../i18n';
import { reportFormError, zodRule } from '../../lib/form';
import { formatTime } from '../../lib/time';
import { useSession } from '../../stores/session';
import { mono } from './monospace';

/** The security settings' two-factor section: turn on by QR code and a first code, off by password and a code. */
export function TwoFactorSettings() {
  const { t } = useI18n();
  const status = useTwoFactorStatus();
  const setup = useTwoFactorSetup();
  const [pending, setPending] = useState<TwoFactorSetup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [turningOff, setTurningOff] = useState(false);

  return (
    <section aria-labelledby="two-factor-title">
      <Flex align="center" gap={12} style={{ marginBottom: 8 }}>
        <Typography.Title level={5} id="two-factor-title" style={{ margin: 0 }}>
          {t('security.twoFactor.title')}
        </Typography.Title>
        {status.data && (
          <Tag color={status.data.enabled ? 'success' : 'default'} data-testid="two-factor-state">
            {status.data.enabled ? t('security.twoFactor.on') : t('security.twoFactor.off')}
          </Tag>
        )}
      </Flex>
      <Typography.Paragraph type="secondary">{t('security.twoFactor.hint')}</Typography.Paragraph>
      <DataState remote={status} failure={t('security.twoFactor.loadFailed')}>
        {(state) =>
          state.enabled ? (
            <Space direction="vertical">
              <Typography.Text>
                {t('security.twoFactor.enabledSince', {
                  time: state.enabledAt ? formatTime(state.enabledAt) : '-',
                  left: state.recoveryCodesLeft,
                })}
              </Typography.Text>
              <Button danger onClick={() => setTurningOff(true)}>
                {t('security.twoFactor.turnOff')}
              </Button>
            </Space>
          ) : pending ? (
            <EnableForm
              setup={pending}
              onCancel={() => setPending(null)}
              onEnabled={(codes) => {
                setPending(null);
                setRecoveryCodes(codes);
              }}
            />
          ) : (
            <Button
              type="primary"
              loading={setup.isPending}
              onClick={() => setup.mutate(undefined, { onSuccess: setPending })}
            >
              {t('security.twoFactor.start')}
            </Button>
          )
        }
      </DataState>
      <RecoveryCodesModal codes={recoveryCodes} onClose={() => setRecoveryCodes(null)} />
      <DisableModal open={turningOff} onClose={() => setTurningOff(false)} />
    </section>
  );
}

function EnableForm({
  setup,
  onCancel,
  onEnabled,
}: {
  setup: TwoFactorSetup;
  onCancel: () => void;
  onEnabled: (recoveryCodes: string[]) => void;
}) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ code: string }>();
  const enable = useEnableTwoFactor();

  return (
    <Flex gap={24} wrap align="flex-start">
      <img src={setup.qrCode} alt={setup.otpauthUri} width={180} height={180} data-testid="two-factor-qr" />
      <Flex vertical style={{ maxWidth: 420 }}>
        <Typography.Paragraph>{t('security.twoFactor.scan')}</Typography.Paragraph>
        <Typography.Paragraph>
          {t('security.twoFactor.secret')}:{' '}
          <Typography.Text copyable style={mono} data-testid="two-factor-secret">
            {setup.secret}
          </Typography.Text>
        </Typography.Paragraph>
        <Form
          noValidate
          form={form}
          layout="vertical"
          name="two-factor-enable"
          onFinish={({ code }) =>
            enable.mutate(
              { code },
              {
                onSuccess: ({ recoveryCodes }) => {
                  message.success(t('security.twoFactor.turnedOn'));
                  onEnabled(recoveryCodes);
                },
                onError: (error) => reportFormError(form, error, { TWO_FACTOR_CODE_INVALID: 'code' }),
              },
            )
          }
        >
          <Form.Item name="code" label={t('security.twoFactor.code')} rules={[zodRule(TotpCodeSchema, t)]}>
            <Input
              placeholder={t('security.twoFactor.codePlaceholder')}
              autoComplete="one-time-code"
              inputMode="numeric"
              style={{ maxWidth: 200 }}
            />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" loading={enable.isPending}>
              {t('security.twoFactor.confirm')}
            </Button>
            <Button onClick={onCancel}>{t('security.twoFactor.cancel')}</Button>
          </Space>
        </Form>
      </Flex>
    </Flex>
  );
}

/** The one time the recovery codes are on screen: closing needs a deliberate click. */
function RecoveryCodesModal({ codes, onClose }: { codes: string[] | null; onClose: () => void }) {
  const { t } = useI18n();
  return (
    <Modal
      open={codes !== null}
      title={t('security.twoFactor.recoveryTitle')}
      closable={false}
      maskClosable={false}
      keyboard={false}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('security.twoFactor.recoveryDone')}
        </Button>
      }
    >
      <Alert type="warning" showIcon message={t('security.twoFactor.recoveryHint')} style={{ marginBottom: 16 }} />
      <Typography.Paragraph copyable={{ text: codes?.join('\n') }}>
        <pre style={{ ...mono, margin: 0 }} data-testid="two-factor-recovery-codes">
          {codes?.join('\n')}
        </pre>
      </Typography.Paragraph>
    </Modal>
  );
}

const disableFields = TwoFactorDisableSchema.shape;

function DisableModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const { user } = useSession();
  const [form] = Form.useForm<{ password: string; code: string }>();
  const disable = useDisableTwoFactor();

  return (
    <Modal
      open={open}
      title={t('security.twoFactor.turnOffTitle')}
      okText={t('security.twoFactor.turnOff')}
      okButtonProps={{ danger: true }}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={disable.isPending}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('security.twoFactor.turnOffHint')}</Typography.Paragraph>
      <Form
        noValidate
        form={form}
        layout="vertical"
        name="two-factor-disable"
        preserve={false}
        onFinish={(values) =>
          disable.mutate(values, {
            onSuccess: () => {
              message.success(t('security.twoFactor.turnedOff'));
              onClose();
            },
            onError: (error) =>
              reportFormError(form, error, { PASSWORD_WRONG: 'password', TWO_FACTOR_CODE_INVALID: 'code' }),
          })
        }
      >
        <input type="text" name="username" autoComplete="username" value={user?.userName ?? ''} readOnly hidden />
        <Form.Item name="password" label={t('account.field.password')} rules={[zodRule(disableFields.password, t)]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="code" label={t('security.twoFactor.codeOrRecovery')} rules={[zodRule(disableFields.code, t)]}>
          <Input autoComplete="one-time-code" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
