import { type HttpsInfoInput, HttpsInfoSchema, limits } from '@edgeward/contract';
import { Divider, Form, Segmented, Switch } from 'antd';
import { useState } from 'react';
import { useCertificateList, useDeployCertificate } from '../../../api/certificate';
import { useI18n } from '../../../i18n';
import { bodyRule, onOff } from '../domain-form';
import { type CertField, type CertificateSource, fromConfig, type HttpsValues } from './https-values';
import { InstalledCertificate } from './InstalledCertificate';
import { ManagedCertificateField } from './ManagedCertificateField';
import { PastedCertificateFields } from './PastedCertificateFields';
import { SaveBar, SectionCard } from './SectionCard';
import { useSection, useSettings } from './settings-context';

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

  const certRule = (field: CertField) => bodyRule<HttpsValues>(HttpsInfoSchema, ['certificate', field], toBody, t);
  const protocolSwitch = (name: 'forceHttps' | 'http2' | 'quic', label: string, hint: string, testId: string) => (
    <Form.Item
      name={name}
      label={label}
      valuePropName="checked"
      extra={hint}
      dependencies={['https']}
      rules={[bodyRule<HttpsValues>(HttpsInfoSchema, [name], toBody, t)]}
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
        <InstalledCertificate certificate={current} />
        {showUpload ? <SourceSwitch value={source} onChange={setSource} /> : null}
        {picking ? <ManagedCertificateField domainName={config.domainName} /> : null}
        {showUpload && !picking ? <PastedCertificateFields rule={certRule} onText={fill} /> : null}

        <Divider titlePlacement="start" plain>
          {t('domain.https.protocols')}
        </Divider>
        {protocolSwitch(
          'forceHttps',
          t('domain.https.forceHttps'),
          t('domain.https.forceHttpsHint'),
          'force-https-switch',
        )}
        {protocolSwitch('http2', t('domain.https.http2'), t('domain.https.http2Hint'), 'http2-switch')}
        {protocolSwitch('quic', t('domain.https.quic'), t('domain.https.quicHint'), 'quic-switch')}
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

function SourceSwitch({
  value,
  onChange,
}: {
  value: CertificateSource;
  onChange: (source: CertificateSource) => void;
}) {
  const { t } = useI18n();
  return (
    <Segmented<CertificateSource>
      value={value}
      onChange={onChange}
      options={[
        { value: 'managed', label: t('domain.https.sourceManaged') },
        { value: 'paste', label: t('domain.https.sourcePaste') },
      ]}
      block
      style={{ marginBottom: 16, maxWidth: 420 }}
      data-testid="cert-source"
    />
  );
}
