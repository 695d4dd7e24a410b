import type { CacheConfigInput, DomainConfig } from '@edgeward/contract';
import { Form, Switch } from 'antd';
import { useI18n } from '../../../i18n';
import { isOn, onOff } from '../domain-form';
import { SaveBar, SectionCard } from './SectionCard';
import { useSection, useSettings } from './settings-context';

interface SwitchValues {
  ignoreUrlParameter: boolean;
  cachePrefresh: boolean;
  offlineCache: boolean;
}

/** The cache switches, saved with the rules as saved. */
export function CacheSwitches() {
  const { t } = useI18n();
  const { config } = useSettings();
  const section = useSection({
    name: 'cache-switches',
    segment: 'configCacheRule',
    fromConfig: (c: DomainConfig): SwitchValues => ({
      ignoreUrlParameter: isOn(c.cacheConfig.ignoreUrlParameter),
      cachePrefresh: isOn(c.cacheConfig.cachePrefresh),
      offlineCache: isOn(c.cacheConfig.offlineCache),
    }),
    toBody: (values: SwitchValues): CacheConfigInput => ({
      ignoreUrlParameter: onOff(values.ignoreUrlParameter),
      cachePrefresh: onOff(values.cachePrefresh),
      offlineCache: onOff(values.offlineCache),
      rules: config.cacheConfig.rules,
    }),
  });
  const item = (name: keyof SwitchValues) => (
    <Form.Item
      name={name}
      label={t(`domain.cache.${name}`)}
      extra={t(`domain.cache.${name}Hint`)}
      valuePropName="checked"
    >
      <Switch data-testid={`cache-${name}`} />
    </Form.Item>
  );
  return (
    <SectionCard title={t('domain.cache.switchesTitle')} dirty={section.dirty}>
      <Form
        noValidate
        {...section.formProps}
        layout="horizontal"
        labelAlign="left"
        labelCol={{ flex: '200px' }}
        wrapperCol={{ flex: 'auto' }}
        style={{ maxWidth: 880 }}
      >
        {item('ignoreUrlParameter')}
        {item('cachePrefresh')}
        {item('offlineCache')}
        <SaveBar
          saving={section.saving}
          dirty={section.dirty}
          onReset={section.reset}
          testId="domain-save-cache-switches"
        />
      </Form>
    </SectionCard>
  );
}
