import {
  type CertificateInfo,
  type DomainConfig,
  type HttpsInfoInput,
  HttpsInfoSchema,
  limits,
} from '@edgeward/contract';
import { Checkbox, Descriptions, Divider, Flex, Form, Input, Segmented, Space, Switch, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useState } from 'react';
import { useCertificateList, useDeployCertificate } from '../../../api/certificate';
import { PemFileButton } from '../../../components/PemFileButton';
import { useI18n } from '../../../i18n';
import { formatTime } from '../../../lib/time';
import { bodyRule, isOn, onOff } from '../domain-form';
import { ManagedCertificateSelect } from './ManagedCertificateSelect';
import { SaveBar, SectionCard } from './SectionCard';
import { useSection, useSettings } from './settings-context';

interface HttpsValues {
  https: boolean;
  forceHttps: boolean;
  http2: boolean;
  quic: boolean;
  /** Shows the upload fields over an installed certificate. */
  replace: boolean;
  certificate: { name: string; certificate: string; privateKey: string };
  /** One of the customer's managed certificates, deployed to the domain on save. */
  certificateId?: number;
}

/** Where a new certificate comes from: the customer's managed certificates, or PEM pasted here. */
type CertificateSource = 'managed' | 'paste';

type CertField = keyof HttpsValues['certificate'];

function fromConfig(config: DomainConfig): HttpsValues {
  return {
    https: isOn(config.https),
    forceHttps: isOn(config.httpsConfig.forceHttps),
    http2: isOn(config.httpsConfig.http2),
    quic: isOn(config.quic),
    replace: false,
    certificate: { name: '', certificate: '', privateKey: '' },
    certificateId: undefined,
  };
}

/** Days before expiry from which the certificate is shown as expiring. */
const EXPIRING_DAYS = 30;

function CertificateSummary({ certificate }: { certificate: CertificateInfo }) {
  const { t } = useI18n();
  const daysLeft = dayjs(certificate.notAfter).diff(dayjs(), 'day');
  const state =
    certificate.notAfter < Date.now()
      ? { color: 'error', text: t('domain.https.certExpired') }
      : daysLeft < EXPIRING_DAYS
        ? { color: 'warning', text: t('domain.https.certExpiring', { days: daysLeft }) }
        : { color: 'success', text: t('domain.https.certValid') };
  return (
    <Descriptions bordered size="small" column={1} data-testid="https-certificate">
      <Descriptions.Item label={t('domain.https.certName')}>{certificate.name}</Descriptions.Item>
      <Descriptions.Item label={t('domain.https.certSubjects')}>
        <Flex gap={4} wrap>
          {certificate.subjects.map((subject) => (
            <Tag key={subject}>{subject}</Tag>
          ))}
        </Flex>
      </Descriptions.Item>
      <Descriptions.Item label={t('domain.https.certIssuer')}>{certificate.issuer}</Descriptions.Item>
      <Descriptions.Item label={t('domain.https.certValidity')}>
        <Space wrap>
          <span>
            {formatTime(certificate.notBefore)} ~ {formatTime(certificate.notAfter)}
          </span>
          <Tag color={state.color}>{state.text}</Tag>
        </Space>
      </Descriptions.Item>
    </Descriptions>
  );
}

/**
 * HTTPS: the certificate (one of the customer's managed certificates covering the domain, or PEM pasted or read
 * from a file), then forced HTTPS, HTTP/2 and QUIC, which need HTTPS on.
 */
export function HttpsTab() {
  const { t } = useI18n();
  const { id, config } = useSettings();
  const current = config.httpsConfig.certificate;
  const [chosenSource, setSource] = useState<CertificateSource>();
  const covering = useCertificateList({ page: 1, size: limits.page.maxSize, covers: config.domainName });
  // Managed certificates first when there are any that cover the domain.
  const source = chosenSource ?? (covering.data?.list.length ? 'managed' : 'paste');
  const deploy = useDeployCertificate();

  const toBody = (values: HttpsValues): HttpsInfoInput => {
    const cert = values.certificate ?? { name: '', certificate: '', privateKey: '' };
    // A managed certificate is installed by its deployment before this body is saved.
    const uploading = (!current || values.replace) && source === 'paste';
    const filled = Boolean(cert.name || cert.certificate || cert.privateKey);
    return {
      https: onOff(values.https),
      forceHttps: onOff(values.forceHttps),
      http2: onOff(values.http2),
      quic: onOff(values.quic),
      // Without a certificate installed, HTTPS on needs one; an installed one is kept unless it is replaced.
      ...(uploading && (values.https || filled) ? { certificate: cert } : {}),
    };
  };

  const section = useSection({ name: 'https', segment: 'configHttpsInfo', fromConfig, toBody });
  const { form } = section;
  const replace = Form.useWatch('replace', form);
  const showUpload = !current || replace;

  const picking = showUpload && source === 'managed';

  const fill = (field: CertField) => (text: string) => {
    form.setFieldValue(['certificate', field], text);
    section.touch();
    void form.validateFields([['certificate', field]]);
  };

  /** A managed certificate chosen: deployed to this domain first (HTTPS on with it), then the switches saved. */
  const save = async () => {
    const chosen = picking ? (form.getFieldValue('certificateId') as number | undefined) : undefined;
    if (chosen === undefined) return section.submit();
    try {
      await form.validateFields();
    } catch {
      return;
    }
    let outcome: { ok: boolean; message: string | null } | undefined;
    try {
      [outcome] = (await deploy.mutateAsync({ id: chosen, domainIds: [id] })).results;
    } catch {
      return;
    }
    if (!outcome?.ok) {
      form.setFields([{ name: 'certificateId', errors: [outcome?.message ?? t('certificate.deploy.failed')] }]);
      return;
    }
    await section.submit();
  };

  /** Needed when HTTPS is to be on without an installed certificate, or when the installed one is replaced. */
  const pickRule = {
    validator: (_rule: unknown, value: number | undefined) =>
      value === undefined && (form.getFieldValue('https') === true || form.getFieldValue('replace') === true)
        ? Promise.reject(new Error(t('domain.https.pickRequired')))
        : Promise.resolve(),
  };

  const certRule = (field: CertField) => bodyRule<HttpsValues>(HttpsInfoSchema, ['certificate', field], toBody, t);
  const dependentRule = (field: 'forceHttps' | 'http2' | 'quic') =>
    bodyRule<HttpsValues>(HttpsInfoSchema, [field], toBody, t);

  const fileButton = (field: CertField, accept: string) => (
    <PemFileButton accept={accept} onText={fill(field)}>
      {t('domain.https.readFile')}
    </PemFileButton>
  );

  const switchRow = (name: keyof HttpsValues, label: string, hint: ReactNode, testId: string, dependent: boolean) => (
    <Form.Item
      name={name}
      label={label}
      valuePropName="checked"
      extra={hint}
      dependencies={dependent ? ['https'] : undefined}
      rules={dependent ? [dependentRule(name as 'forceHttps' | 'http2' | 'quic')] : undefined}
    >
      <Switch data-testid={testId} />
    </Form.Item>
  );

  return (
    <SectionCard title={t('domain.https.title')} description={t('domain.https.description')} dirty={section.dirty}>
      <Form noValidate {...section.formProps} onFinish={() => void save()} style={{ maxWidth: 760 }}>
        <Form.Item
          name="https"
          label={t('domain.https.https')}
          valuePropName="checked"
          extra={t('domain.https.httpsHint')}
        >
          <Switch
            data-testid="https-switch"
            onChange={(on) => {
              // The switches that need HTTPS go off with it.
              if (!on) form.setFieldsValue({ forceHttps: false, http2: false, quic: false });
            }}
          />
        </Form.Item>

        <Divider titlePlacement="start" plain>
          {t('domain.https.certificate')}
        </Divider>
        {current ? (
          <Flex vertical gap={12} style={{ marginBottom: 16 }}>
            <CertificateSummary certificate={current} />
            <Form.Item name="replace" valuePropName="checked" noStyle>
              <Checkbox data-testid="cert-replace">{t('domain.https.replace')}</Checkbox>
            </Form.Item>
          </Flex>
        ) : (
          <Typography.Paragraph type="secondary">{t('domain.https.noCertificate')}</Typography.Paragraph>
        )}
        {showUpload ? (
          <Segmented<CertificateSource>
            value={source}
            onChange={setSource}
            options={[
              { value: 'managed', label: t('domain.https.sourceManaged') },
              { value: 'paste', label: t('domain.https.sourcePaste') },
            ]}
            block
            style={{ marginBottom: 16, maxWidth: 420 }}
            data-testid="cert-source"
          />
        ) : null}
        {picking ? (
          <Form.Item
            name="certificateId"
            label={t('domain.https.pick')}
            rules={[pickRule]}
            dependencies={['https', 'replace']}
            required
          >
            <ManagedCertificateSelect domainName={config.domainName} />
          </Form.Item>
        ) : null}
        {showUpload && !picking ? (
          <>
            <Form.Item
              name={['certificate', 'name']}
              label={t('domain.https.certName')}
              extra={t('domain.https.pasteKept')}
              rules={[certRule('name')]}
              dependencies={['https']}
            >
              <Input showCount placeholder={t('domain.https.certNamePlaceholder')} data-testid="cert-name" />
            </Form.Item>
            <Form.Item
              label={
                <Flex gap={8} align="center">
                  {t('domain.https.certContent')}
                  {fileButton('certificate', '.pem,.crt,.cer')}
                </Flex>
              }
              required={false}
            >
              <Form.Item
                name={['certificate', 'certificate']}
                noStyle
                rules={[certRule('certificate')]}
                dependencies={['https']}
              >
                <Input.TextArea
                  autoSize={{ minRows: 5, maxRows: 12 }}
                  spellCheck={false}
                  placeholder={'-----BEGIN CERTIFICATE-----\n...\n-----END CERTIFICATE-----'}
                  style={{ fontFamily: 'monospace' }}
                  data-testid="cert-content"
                />
              </Form.Item>
            </Form.Item>
            <Form.Item
              label={
                <Flex gap={8} align="center">
                  {t('domain.https.certKey')}
                  {fileButton('privateKey', '.pem,.key')}
                </Flex>
              }
              extra={t('domain.https.certKeyHint')}
            >
              <Form.Item
                name={['certificate', 'privateKey']}
                noStyle
                rules={[certRule('privateKey')]}
                dependencies={['https']}
              >
                <Input.TextArea
                  autoSize={{ minRows: 5, maxRows: 12 }}
                  spellCheck={false}
                  autoComplete="off"
                  placeholder={'-----BEGIN PRIVATE KEY-----\n...\n-----END PRIVATE KEY-----'}
                  style={{ fontFamily: 'monospace' }}
                  data-testid="cert-key"
                />
              </Form.Item>
            </Form.Item>
          </>
        ) : null}

        <Divider titlePlacement="start" plain>
          {t('domain.https.protocols')}
        </Divider>
        {switchRow(
          'forceHttps',
          t('domain.https.forceHttps'),
          t('domain.https.forceHttpsHint'),
          'force-https-switch',
          true,
        )}
        {switchRow('http2', t('domain.https.http2'), t('domain.https.http2Hint'), 'http2-switch', true)}
        {switchRow('quic', t('domain.https.quic'), t('domain.https.quicHint'), 'quic-switch', true)}
        <SaveBar
          saving={section.saving || deploy.isPending}
          dirty={section.dirty}
          onReset={section.reset}
          testId="domain-save-https"
        />
      </Form>
    </SectionCard>
  );
}
