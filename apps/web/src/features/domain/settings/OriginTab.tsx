import type { DomainConfig } from '@edgeward/contract';
import { Form } from 'antd';
import { useState } from 'react';
import { useI18n } from '../../../i18n';
import { errorIdOf } from '../../../lib/form';
import { OriginCheckAlert, OriginFields, type OriginFormValues, originBody, originFormValues } from '../OriginFields';
import { SaveBar, SectionCard } from './SectionCard';
import { useSection, useSettings } from './settings-context';

const fromConfig = (config: DomainConfig): OriginFormValues => originFormValues(config.sources[0]);

/** The origin: where the edge fetches content, on which ports, with which Host header and protocol. */
export function OriginTab() {
  const { t } = useI18n();
  const { config } = useSettings();
  const [unreachable, setUnreachable] = useState(false);
  const section = useSection({
    name: 'origin',
    segment: 'configOrigin',
    fromConfig,
    toBody: originBody,
    listFields: ['ipOrDomain'],
  });

  const save = () =>
    section.submit({
      onSuccess: () => setUnreachable(false),
      onError: (error) => setUnreachable(errorIdOf(error) === 'ORIGIN_UNREACHABLE'),
    });

  return (
    <SectionCard title={t('domain.origin.title')} description={t('domain.origin.description')} dirty={section.dirty}>
      <Form noValidate {...section.formProps} onFinish={save} style={{ maxWidth: 720 }}>
        <OriginFields domainName={config.domainName} withIpv6 withCertificateCheck />
        {unreachable ? (
          <div style={{ marginBottom: 16 }}>
            <OriginCheckAlert onRetry={save} retrying={section.saving} />
          </div>
        ) : null}
        <SaveBar saving={section.saving} dirty={section.dirty} onReset={section.reset} testId="domain-save-origin" />
      </Form>
    </SectionCard>
  );
}
