import type { EoDomainConfig, OnOff } from '@edgeward/contract';
import { App, Form } from 'antd';
import { useEffect } from 'react';
import { useSaveEoPart } from '../../api/eo';
import { OnOffSwitch } from '../../components/OnOffSwitch';
import { useI18n } from '../../i18n';
import { reportFormError } from '../../lib/form';
import { SaveBar, SectionCard } from '../domain';

interface GeneralValues {
  rangeStatus: OnOff;
  gzip: OnOff;
  brotli: OnOff;
}

const valuesOf = (domain: EoDomainConfig): GeneralValues => ({
  rangeStatus: domain.domainConfig.rangeStatus,
  ...domain.domainConfig.compress,
});

/** The domain part's switches (range requests, compression), saved together through /eo/domain/:id/config. */
export function EoGeneralForm({ domain }: { domain: EoDomainConfig }) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const [form] = Form.useForm<GeneralValues>();
  const save = useSaveEoPart(domain.id, 'config');
  useEffect(() => form.setFieldsValue(valuesOf(domain)), [form, domain]);

  const submit = async ({ rangeStatus, gzip, brotli }: GeneralValues) => {
    try {
      await save.mutateAsync({ rangeStatus, compress: { gzip, brotli } });
      message.success(t('eo.config.saved'));
    } catch (error) {
      reportFormError(form, error);
    }
  };

  return (
    <SectionCard title={t('eo.config.title')}>
      <Form noValidate form={form} layout="vertical" initialValues={valuesOf(domain)} onFinish={submit}>
        <Form.Item name="rangeStatus" label={t('eo.config.range')}>
          <OnOffSwitch />
        </Form.Item>
        <Form.Item name="gzip" label="Gzip">
          <OnOffSwitch />
        </Form.Item>
        <Form.Item name="brotli" label="Brotli">
          <OnOffSwitch />
        </Form.Item>
        <SaveBar saving={save.isPending} dirty={false} onReset={() => form.resetFields()} testId="eo-save-config" />
      </Form>
    </SectionCard>
  );
}
