import { type EoDomainConfig, type HttpsInfoInput, HttpsInfoSchema, type OnOff } from '@edgeward/contract';
import { App, Checkbox, Form, Input, Typography } from 'antd';
import { useEffect } from 'react';
import { useSaveEoPart } from '../../api/eo';
import { OnOffSwitch } from '../../components/OnOffSwitch';
import { useI18n } from '../../i18n';
import { reportFormError } from '../../lib/form';
import { bodyRule, SaveBar, SectionCard } from '../domain';

interface HttpsValues {
  https: OnOff;
  http2: OnOff;
  forceHttps: OnOff;
  quic: OnOff;
  replace: boolean;
  certificate?: { name?: string; certificate?: string; privateKey?: string };
}

const valuesOf = (domain: EoDomainConfig): HttpsValues => {
  const { https, http2, forceHttps, quic } = domain.httpsConfig;
  return { https, http2, forceHttps, quic, replace: false };
};

/** The body the CDN's HTTPS segment takes, as the edge platform's /https saves it. */
function toBody(values: HttpsValues): HttpsInfoInput {
  const { https, http2, forceHttps, quic } = values;
  const certificate = values.replace
    ? {
        name: values.certificate?.name ?? '',
        certificate: values.certificate?.certificate ?? '',
        privateKey: values.certificate?.privateKey ?? '',
      }
    : undefined;
  return { https, http2, forceHttps, quic, ...(certificate ? { certificate } : {}) };
}

/** The HTTPS part: the CDN's switches and certificate rules (HttpsInfoSchema), saved through /eo/domain/:id/https. */
export function EoHttpsForm({ domain }: { domain: EoDomainConfig }) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const [form] = Form.useForm<HttpsValues>();
  const save = useSaveEoPart(domain.id, 'https');
  useEffect(() => form.setFieldsValue(valuesOf(domain)), [form, domain]);
  const replace = Form.useWatch('replace', form);
  const rule = (path: (string | number)[]) => bodyRule<HttpsValues>(HttpsInfoSchema, path, toBody, t);
  const installed = domain.httpsConfig.certificate;

  const submit = async (values: HttpsValues) => {
    try {
      await save.mutateAsync(toBody(values));
      message.success(t('eo.https.saved'));
    } catch (error) {
      reportFormError(form, error);
    }
  };

  const switchItem = (name: 'https' | 'http2' | 'forceHttps' | 'quic') => (
    <Form.Item name={name} label={t(`domain.https.${name}`)} dependencies={['https']} rules={[rule([name])]}>
      <OnOffSwitch />
    </Form.Item>
  );

  return (
    <SectionCard title={t('domain.https.title')}>
      <Form
        noValidate
        form={form}
        layout="vertical"
        initialValues={valuesOf(domain)}
        onFinish={submit}
        style={{ maxWidth: 720 }}
      >
        {switchItem('https')}
        {switchItem('http2')}
        {switchItem('forceHttps')}
        {switchItem('quic')}
        <Typography.Paragraph type="secondary">
          {installed
            ? `${t('domain.https.certificate')}: ${installed.name} (${installed.subjects.join(', ')})`
            : t('domain.https.noCertificate')}
        </Typography.Paragraph>
        <Form.Item name="replace" valuePropName="checked">
          <Checkbox>{t(installed ? 'domain.https.replace' : 'eo.https.install')}</Checkbox>
        </Form.Item>
        {replace ? (
          <>
            <Form.Item
              name={['certificate', 'name']}
              label={t('domain.https.certName')}
              rules={[rule(['certificate', 'name'])]}
            >
              <Input placeholder={t('domain.https.certNamePlaceholder')} />
            </Form.Item>
            <Form.Item
              name={['certificate', 'certificate']}
              label={t('domain.https.certContent')}
              rules={[rule(['certificate', 'certificate'])]}
            >
              <Input.TextArea autoSize={{ minRows: 4, maxRows: 10 }} spellCheck={false} />
            </Form.Item>
            <Form.Item
              name={['certificate', 'privateKey']}
              label={t('domain.https.certKey')}
              extra={t('domain.https.certKeyHint')}
              rules={[rule(['certificate', 'privateKey'])]}
            >
              <Input.TextArea autoSize={{ minRows: 4, maxRows: 10 }} spellCheck={false} />
            </Form.Item>
          </>
        ) : null}
        <SaveBar saving={save.isPending} dirty={false} onReset={() => form.resetFields()} testId="eo-save-https" />
      </Form>
    </SectionCard>
  );
}
