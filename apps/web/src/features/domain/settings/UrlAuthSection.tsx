import { ThunderboltOutlined } from '@ant-design/icons';
import {
  type DomainConfig,
  limits,
  signUrlTypeA,
  signUrlTypeB,
  type UrlAuthInput,
  UrlAuthKeySchema,
  UrlAuthSchema,
  UrlAuthSignRequestSchema,
  type UrlAuthType,
  UrlAuthTypeSchema,
} from '@edgeward/contract';
import { Alert, Button, Divider, Flex, Form, Input, Radio, Space, Switch, Typography } from 'antd';
import { useState } from 'react';
import { NumberInput } from '../../../components/NumberInput';
import { useI18n } from '../../../i18n';
import { zodRule } from '../../../lib/form';
import { formatTime } from '../../../lib/time';
import { bodyRule, isOn, onOff, randomAlphanumeric } from '../domain-form';
import { SaveBar, SectionCard } from './SectionCard';
import { useSection, useSettings } from './settings-context';

interface UrlAuthValues {
  status: boolean;
  type: UrlAuthType;
  key: string;
  backupKey: string;
  expireTime: number | null;
  signArg: string;
}

function fromConfig(config: DomainConfig): UrlAuthValues {
  const { status, type, key, backupKey, expireTime, signArg } = config.urlAuth;
  return { status: isOn(status), type, key, backupKey, expireTime, signArg };
}

function toBody(values: UrlAuthValues): UrlAuthInput {
  return {
    status: onOff(values.status),
    type: values.type,
    key: values.key ?? '',
    backupKey: values.backupKey ?? '',
    expireTime: values.expireTime ?? Number.NaN,
    signArg: values.signArg ?? '',
  };
}

/** A generated key has the longest length the rules allow. */
const GENERATED_KEY_LENGTH = limits.domain.urlAuthKeyMax;
/** Type A's random part: letters and digits only, since '-' separates the signature's parts. */
const RAND_LENGTH = 10;

/** URL authentication: the settings, then a helper that signs a path with the saved settings. */
export function UrlAuthSection() {
  const { t } = useI18n();
  const section = useSection({ name: 'url-auth', segment: 'configUrlAuth', fromConfig, toBody });
  const { form } = section;
  const status = Form.useWatch('status', form);
  const type = Form.useWatch('type', form);

  const generate = (field: 'key' | 'backupKey') => {
    form.setFieldValue(field, randomAlphanumeric(GENERATED_KEY_LENGTH));
    section.touch();
    void form.validateFields([field]);
  };

  const keyInput = (field: 'key' | 'backupKey', testId: string) => (
    <Space.Compact style={{ width: '100%' }}>
      <Form.Item
        name={field}
        noStyle
        dependencies={field === 'key' ? ['status'] : undefined}
        rules={
          field === 'key'
            ? [bodyRule<UrlAuthValues>(UrlAuthSchema, ['key'], toBody, t, { required: true })]
            : [zodRule(UrlAuthKeySchema, t)]
        }
      >
        <Input spellCheck={false} autoComplete="off" style={{ fontFamily: 'monospace' }} data-testid={testId} />
      </Form.Item>
      <Button onClick={() => generate(field)} data-testid={`${testId}-generate`}>
        {t('domain.urlAuth.generate')}
      </Button>
    </Space.Compact>
  );

  return (
    <SectionCard
      title={t('domain.urlAuth.title')}
      description={t('domain.urlAuth.description')}
      dirty={section.dirty}
      testId="section-url-auth"
    >
      <Form noValidate {...section.formProps} style={{ maxWidth: 720 }}>
        <Form.Item name="status" label={t('domain.urlAuth.status')} valuePropName="checked">
          <Switch data-testid="url-auth-switch" />
        </Form.Item>
        {status ? (
          <>
            <Form.Item
              name="type"
              label={t('domain.urlAuth.type')}
              extra={
                <Typography.Text type="secondary" code>
                  {t(type === 'type_b' ? 'domain.urlAuth.typeBFormat' : 'domain.urlAuth.typeAFormat')}
                </Typography.Text>
              }
              rules={[zodRule(UrlAuthTypeSchema, t)]}
            >
              <Radio.Group
                optionType="button"
                options={[
                  { value: 'type_a', label: t('domain.urlAuth.typeA') },
                  { value: 'type_b', label: t('domain.urlAuth.typeB') },
                ]}
              />
            </Form.Item>
            <Form.Item label={t('domain.urlAuth.key')} htmlFor="key" required extra={t('domain.urlAuth.keyHint')}>
              {keyInput('key', 'url-auth-key')}
            </Form.Item>
            <Form.Item
              label={t('domain.urlAuth.backupKey')}
              htmlFor="backupKey"
              extra={t('domain.urlAuth.backupKeyHint')}
            >
              {keyInput('backupKey', 'url-auth-backup-key')}
            </Form.Item>
            <Form.Item
              name="expireTime"
              label={t('domain.urlAuth.expireTime')}
              extra={t('domain.urlAuth.expireTimeHint', {
                min: limits.domain.urlAuthExpireMin,
                max: limits.domain.urlAuthExpireMax,
              })}
              rules={[zodRule(UrlAuthSchema.shape.expireTime, t)]}
            >
              <NumberInput suffix={t('domain.unit.seconds')} style={{ width: 220 }} data-testid="url-auth-expire" />
            </Form.Item>
            {type === 'type_b' ? null : (
              <Form.Item
                name="signArg"
                label={t('domain.urlAuth.signArg')}
                extra={t('domain.urlAuth.signArgHint')}
                rules={[zodRule(UrlAuthSchema.shape.signArg, t)]}
              >
                <Input spellCheck={false} style={{ width: 220 }} data-testid="url-auth-sign-arg" />
              </Form.Item>
            )}
          </>
        ) : null}
        <SaveBar saving={section.saving} dirty={section.dirty} onReset={section.reset} testId="domain-save-url-auth" />
      </Form>
      <Divider titlePlacement="start" plain>
        {t('domain.urlAuth.signer')}
      </Divider>
      <SignedUrlHelper />
    </SectionCard>
  );
}

/**
 * Signs a path with the saved URL-auth settings, using the contract's signing code (the one the edge verifies
 * with), so that the customer can try a link before handing the scheme to their application.
 */
function SignedUrlHelper() {
  const { t } = useI18n();
  const { config } = useSettings();
  const [form] = Form.useForm<{ path: string; useBackupKey: boolean }>();
  const [signed, setSigned] = useState<{ url: string; expiresAt: number } | null>(null);
  const auth = config.urlAuth;
  const ready = auth.status === 'on' && auth.key !== '';

  if (!ready) return <Alert type="info" showIcon title={t('domain.urlAuth.signerDisabled')} />;

  const sign = ({ path, useBackupKey }: { path: string; useBackupKey: boolean }) => {
    const key = useBackupKey && auth.backupKey ? auth.backupKey : auth.key;
    const now = new Date();
    const resource = path.trim();
    const signedPath =
      auth.type === 'type_b'
        ? signUrlTypeB({ path: resource, key, ts: now })
        : signUrlTypeA({
            path: resource,
            key,
            ts: Math.floor(now.getTime() / 1000),
            rand: randomAlphanumeric(RAND_LENGTH),
            signArg: auth.signArg,
          });
    const scheme = config.https === 'on' ? 'https' : 'http';
    setSigned({
      url: `${scheme}://${config.domainName}${signedPath}`,
      expiresAt: now.getTime() + auth.expireTime * 1000,
    });
  };

  return (
    <Flex vertical gap={12}>
      <Typography.Text type="secondary">{t('domain.urlAuth.signerHint')}</Typography.Text>
      <Form
        noValidate
        form={form}
        layout="inline"
        name="url-auth-signer"
        initialValues={{ path: '/', useBackupKey: false }}
        onFinish={sign}
        style={{ rowGap: 8 }}
      >
        <Form.Item label={t('domain.urlAuth.path')} style={{ flex: '1 1 320px' }}>
          <Space.Compact style={{ width: '100%' }}>
            <Space.Addon>{config.domainName}</Space.Addon>
            <Form.Item name="path" noStyle rules={[zodRule(UrlAuthSignRequestSchema.shape.path, t)]}>
              <Input placeholder="/video/demo.mp4" spellCheck={false} data-testid="signed-url-path" />
            </Form.Item>
          </Space.Compact>
        </Form.Item>
        {auth.backupKey ? (
          <Form.Item name="useBackupKey" valuePropName="checked">
            <Switch checkedChildren={t('domain.urlAuth.backupKey')} unCheckedChildren={t('domain.urlAuth.key')} />
          </Form.Item>
        ) : null}
        <Form.Item>
          <Button htmlType="submit" icon={<ThunderboltOutlined />} data-testid="signed-url-generate">
            {t('domain.urlAuth.sign')}
          </Button>
        </Form.Item>
      </Form>
      {signed ? (
        <Alert
          type="success"
          title={
            <Typography.Text
              copyable={{ text: signed.url }}
              data-testid="signed-url"
              style={{ wordBreak: 'break-all' }}
            >
              {signed.url}
            </Typography.Text>
          }
          description={t('domain.urlAuth.validUntil', { time: formatTime(signed.expiresAt) })}
        />
      ) : null}
    </Flex>
  );
}
