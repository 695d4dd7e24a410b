import {
  type DomainConfig,
  type ForceRedirect,
  ForceRedirectTypeSchema,
  type OriginProtocol,
  OriginProtocolSchema,
  RedirectStatusSchema,
} from '@edgeward/contract';
import { Alert, Flex, Form, List, Radio, Switch, Tag, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { useI18n } from '../../../i18n';
import { errorIdOf, zodRule } from '../../../lib/form';
import { HeaderRulesSection } from './HeaderRulesSection';
import { SaveBar, SectionCard } from './SectionCard';
import { useInstantSave, useSection, useSettings } from './settings-context';

/** Switches that apply at once, origin protocol, forced redirect, then request and response headers. */
export function AdvancedTab() {
  return (
    <Flex vertical gap={16}>
      <SwitchesSection />
      <OriginProtocolSection />
      <ForceRedirectSection />
      <HeaderRulesSection kind="request" />
      <HeaderRulesSection kind="response" />
    </Flex>
  );
}

function SwitchRow({ title, description, control }: { title: ReactNode; description: ReactNode; control: ReactNode }) {
  return (
    <List.Item extra={control} style={{ paddingInline: 0 }}>
      <List.Item.Meta title={title} description={description} />
    </List.Item>
  );
}

function SwitchesSection() {
  const { t } = useI18n();
  const { config, editable } = useSettings();
  const range = useInstantSave('configRangeSwitch');
  const compression = useInstantSave('configCompression');
  const websocket = useInstantSave('configWebsocket');
  // Add-ons cannot be bought yet: a refusal says how to get one (support) instead of a bare 'purchase it first'.
  const [addonRefused, setAddonRefused] = useState<string | null>(null);
  const explainAddon = (error: unknown) => {
    if (errorIdOf(error) !== 'ADDON_REQUIRED') return false;
    setAddonRefused(error instanceof Error ? error.message : t('errors.ADDON_REQUIRED'));
    return true;
  };

  return (
    <SectionCard title={t('domain.advanced.switchesTitle')} description={t('domain.advanced.switchesDescription')}>
      <List itemLayout="horizontal" split>
        {/* List draws its items in a list of its own only from dataSource: these rows need one around them. */}
        <ul style={{ margin: 0, padding: 0, listStyle: 'none' }}>
          <SwitchRow
            title={t('domain.advanced.range')}
            description={t('domain.advanced.rangeHint')}
            control={
              <Switch
                checked={config.rangeStatus === 'on'}
                loading={range.saving}
                disabled={!editable}
                aria-label={t('domain.advanced.range')}
                onChange={(on) => range.run({ rangeSwitch: on ? 'on' : 'off' })}
                data-testid="range-switch"
              />
            }
          />
          <SwitchRow
            title={t('domain.advanced.gzip')}
            description={t('domain.advanced.gzipHint')}
            control={
              <Switch
                checked={config.compress.gzip === 'on'}
                loading={compression.saving}
                disabled={!editable}
                aria-label={t('domain.advanced.gzip')}
                onChange={(on) => compression.run({ gzip: on ? 'on' : 'off', brotli: config.compress.brotli })}
                data-testid="gzip-switch"
              />
            }
          />
          <SwitchRow
            title={t('domain.advanced.brotli')}
            description={t('domain.advanced.brotliHint')}
            control={
              <Switch
                checked={config.compress.brotli === 'on'}
                loading={compression.saving}
                disabled={!editable}
                aria-label={t('domain.advanced.brotli')}
                onChange={(on) => compression.run({ gzip: config.compress.gzip, brotli: on ? 'on' : 'off' })}
                data-testid="brotli-switch"
              />
            }
          />
          <SwitchRow
            title={
              <Flex gap={8} align="center">
                {t('domain.advanced.websocket')}
                <Tag color="gold">{t('domain.advanced.paidAddon')}</Tag>
              </Flex>
            }
            description={t('domain.advanced.websocketHint')}
            control={
              <Switch
                checked={config.websocket === 'on'}
                loading={websocket.saving}
                disabled={!editable}
                aria-label={t('domain.advanced.websocket')}
                onChange={(on) => websocket.run({ websocket: on ? 'on' : 'off' }, explainAddon)}
                data-testid="websocket-switch"
              />
            }
          />
        </ul>
      </List>
      {addonRefused ? (
        <Alert
          type="info"
          showIcon
          closable={{ onClose: () => setAddonRefused(null) }}
          style={{ marginBottom: 16 }}
          title={addonRefused}
          action={<Link to="/plan/buy">{t('domain.advanced.buyAddon')}</Link>}
          data-testid="addon-required"
        />
      ) : null}
      <Typography.Text type="secondary">{t('domain.advanced.instantHint')}</Typography.Text>
    </SectionCard>
  );
}

const protocols = ['follow', 'http', 'https'] as const;

function OriginProtocolSection() {
  const { t } = useI18n();
  const section = useSection({
    name: 'origin-protocol',
    segment: 'configOriginProtocol',
    fromConfig: (config: DomainConfig) => ({ originProtocol: config.originProtocol }),
    toBody: (values: { originProtocol: OriginProtocol }) => ({ originProtocol: values.originProtocol }),
  });
  return (
    <SectionCard
      title={t('domain.advanced.originProtocolTitle')}
      description={t('domain.origin.protocolHint')}
      dirty={section.dirty}
    >
      <Form noValidate {...section.formProps}>
        <Form.Item name="originProtocol" rules={[zodRule(OriginProtocolSchema, t)]}>
          <Radio.Group
            optionType="button"
            options={protocols.map((value) => ({ value, label: t(`domain.originProtocol.${value}`) }))}
          />
        </Form.Item>
        <SaveBar
          saving={section.saving}
          dirty={section.dirty}
          onReset={section.reset}
          testId="domain-save-origin-protocol"
        />
      </Form>
    </SectionCard>
  );
}

function ForceRedirectSection() {
  const { t } = useI18n();
  const { config } = useSettings();
  const section = useSection({
    name: 'force-redirect',
    segment: 'configForceRedirect',
    fromConfig: (c: DomainConfig): ForceRedirect => ({ ...c.forceRedirect }),
    toBody: (values: ForceRedirect) => ({ type: values.type, statusCode: values.statusCode }),
  });
  const type = Form.useWatch('type', section.form);
  return (
    <SectionCard
      title={t('domain.advanced.forceRedirectTitle')}
      description={t('domain.advanced.forceRedirectDescription')}
      dirty={section.dirty}
    >
      <Form noValidate {...section.formProps}>
        <Form.Item
          name="type"
          label={t('domain.advanced.redirectType')}
          rules={[zodRule(ForceRedirectTypeSchema, t)]}
          extra={type === 'https' && config.https !== 'on' ? t('domain.https.enableFirst') : undefined}
        >
          <Radio.Group
            optionType="button"
            options={(['off', 'http', 'https'] as const).map((value) => ({
              value,
              label: t(`domain.advanced.redirect.${value}`),
            }))}
            data-testid="force-redirect-type"
          />
        </Form.Item>
        {type && type !== 'off' ? (
          <Form.Item
            name="statusCode"
            label={t('domain.advanced.redirectCode')}
            rules={[zodRule(RedirectStatusSchema, t)]}
          >
            <Radio.Group
              options={[
                { value: 301, label: t('domain.advanced.redirect301') },
                { value: 302, label: t('domain.advanced.redirect302') },
              ]}
            />
          </Form.Item>
        ) : null}
        <SaveBar
          saving={section.saving}
          dirty={section.dirty}
          onReset={section.reset}
          testId="domain-save-force-redirect"
        />
      </Form>
    </SectionCard>
  );
}
