import type { EoDomainConfig } from '@edgeward/contract';
import { App, Form } from 'antd';
import { useEffect, useState } from 'react';
import { useSaveEoPart } from '../../api/eo';
import { useI18n } from '../../i18n';
import { errorIdOf, reportFormError } from '../../lib/form';
import {
  OriginCheckAlert,
  OriginFields,
  type OriginFormValues,
  originBody,
  originFormValues,
  SaveBar,
  SectionCard,
} from '../domain';

/** The source part of an edge-platform domain: the CDN's origin fields and rules, saved through /source. */
export function EoOriginForm({ domain }: { domain: EoDomainConfig }) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const [form] = Form.useForm<OriginFormValues>();
  const save = useSaveEoPart(domain.id, 'source');
  const [unreachable, setUnreachable] = useState(false);
  const origin = domain.sourceConfig.sources[0];
  useEffect(() => form.setFieldsValue(originFormValues(origin)), [form, origin]);

  const submit = async (values: OriginFormValues) => {
    try {
      await save.mutateAsync(originBody(values));
      setUnreachable(false);
      message.success(t('eo.source.saved'));
    } catch (error) {
      setUnreachable(errorIdOf(error) === 'ORIGIN_UNREACHABLE');
      reportFormError(form, error);
    }
  };

  return (
    <SectionCard title={t('domain.origin.title')} description={t('domain.origin.description')}>
      <Form noValidate form={form} initialValues={originFormValues(origin)} onFinish={submit} style={{ maxWidth: 720 }}>
        <OriginFields domainName={domain.domainName} withIpv6 withCertificateCheck />
        {unreachable ? (
          <div style={{ marginBottom: 16 }}>
            <OriginCheckAlert onRetry={() => form.submit()} retrying={save.isPending} />
          </div>
        ) : null}
        <SaveBar saving={save.isPending} dirty={false} onReset={() => form.resetFields()} testId="eo-save-origin" />
      </Form>
    </SectionCard>
  );
}
