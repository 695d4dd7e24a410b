import {
  type EoDomainConfig,
  frequencyLevelRates,
  frequencyLevels,
  knownTools,
  limits,
  recommendedFrequencyLevel,
  SecurityPolicySchema,
  uaClasses,
} from '@edgeward/contract';
import { App, Checkbox, Descriptions, Flex, Form, Input, Radio, Typography } from 'antd';
import { useEffect } from 'react';
import { useSaveEoPart } from '../../api/eo';
import { NumberInput } from '../../components/NumberInput';
import { OnOffSwitch } from '../../components/OnOffSwitch';
import { useI18n } from '../../i18n';
import { reportFormError } from '../../lib/form';
import { formatTime } from '../../lib/time';
import { bodyRule } from '../domain/domain-form';
import { SaveBar, SectionCard } from '../domain/settings/SectionCard';
import { type SecurityFormValues, toFormValues, toSecurityBody } from './security-form';

type Path = readonly (string | number)[];

/**
 * The security policy tab: the CDN's referer, IP and user-agent filters, then the edge platform's adaptive frequency
 * control (with its 7-day baseline), client filtering, bandwidth abuse and slow-attack defence. Every field is
 * checked with the contract's SecurityPolicySchema, as the server checks the save.
 */
export function EoSecurityPolicyForm({ domain }: { domain: EoDomainConfig }) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const [form] = Form.useForm<SecurityFormValues>();
  const save = useSaveEoPart(domain.id, 'security');
  const policy = domain.securityPolicy;
  useEffect(() => form.setFieldsValue(toFormValues(policy)), [form, policy]);
  const rule = (path: Path, required = false) =>
    bodyRule<SecurityFormValues>(SecurityPolicySchema, path, toSecurityBody, t, { required });
  const refererType = Form.useWatch(['referer', 'type'], form);
  const ipType = Form.useWatch(['ipFilter', 'type'], form);
  const uaType = Form.useWatch(['userAgentFilter', 'type'], form);
  const frequencyOn = Form.useWatch(['adaptiveFrequencyControl', 'status'], form) === 'on';
  const clientOn = Form.useWatch(['clientFiltering', 'status'], form) === 'on';
  const abuseOn = Form.useWatch(['bandwidthAbuseDefense', 'status'], form) === 'on';
  const slowOn = Form.useWatch(['slowAttackDefense', 'status'], form) === 'on';

  const submit = async (values: SecurityFormValues) => {
    try {
      await save.mutateAsync(toSecurityBody(values));
      message.success(t('eo.security.saved'));
    } catch (error) {
      reportFormError(form, error);
    }
  };

  const number = (path: Path, label: string) => (
    <Form.Item name={path as (string | number)[]} label={label} rules={[rule(path)]}>
      <NumberInput style={{ maxWidth: 200 }} data-testid={`eo-${path.join('-')}`} />
    </Form.Item>
  );

  return (
    <Form
      noValidate
      form={form}
      layout="vertical"
      initialValues={toFormValues(policy)}
      onFinish={submit}
      style={{ maxWidth: 760 }}
      data-testid="eo-security-form"
    >
      <Flex vertical gap={16}>
        <SectionCard title={t('domain.referer.title')} description={t('domain.referer.description')}>
          <Form.Item name={['referer', 'type']} label={t('domain.filter.type')}>
            <Radio.Group
              optionType="button"
              options={(['off', 'allow', 'deny'] as const).map((v) => ({ value: v, label: t(`domain.filter.${v}`) }))}
            />
          </Form.Item>
          {refererType && refererType !== 'off' ? (
            <>
              <Form.Item
                name={['referer', 'list']}
                label={t(`domain.filter.listLabel.${refererType}`)}
                extra={t('domain.referer.hint', { max: limits.domain.refererMax })}
                rules={[rule(['referer', 'list'], true)]}
              >
                <Input.TextArea
                  autoSize={{ minRows: 3, maxRows: 10 }}
                  spellCheck={false}
                  data-testid="eo-referer-list"
                />
              </Form.Item>
              <Form.Item name={['referer', 'allowEmpty']} valuePropName="checked">
                <Checkbox>{t('domain.referer.allowEmpty')}</Checkbox>
              </Form.Item>
            </>
          ) : null}
        </SectionCard>

        <SectionCard title={t('domain.ipAcl.title')} description={t('domain.ipAcl.description')}>
          <Form.Item name={['ipFilter', 'type']} label={t('domain.filter.type')}>
            <Radio.Group
              optionType="button"
              options={(['off', 'allow', 'deny'] as const).map((v) => ({ value: v, label: t(`domain.filter.${v}`) }))}
            />
          </Form.Item>
          {ipType && ipType !== 'off' ? (
            <Form.Item
              name={['ipFilter', 'list']}
              label={t(`domain.filter.listLabel.${ipType}`)}
              extra={t('domain.ipAcl.hint', { max: limits.domain.ipAclMax })}
              rules={[rule(['ipFilter', 'list'], true)]}
            >
              <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} spellCheck={false} data-testid="eo-ip-list" />
            </Form.Item>
          ) : null}
        </SectionCard>

        <SectionCard title={t('domain.ua.title')} description={t('domain.ua.description')}>
          <Form.Item name={['userAgentFilter', 'type']} label={t('domain.filter.type')}>
            <Radio.Group
              optionType="button"
              options={(['off', 'blacklist', 'whitelist'] as const).map((v) => ({
                value: v,
                label: t(`domain.filter.${v}`),
              }))}
            />
          </Form.Item>
          {uaType && uaType !== 'off' ? (
            <Form.Item
              name={['userAgentFilter', 'rules']}
              label={t(`domain.filter.listLabel.${uaType}`)}
              extra={t('domain.ua.hint', { max: limits.domain.uaRulesMax, length: limits.domain.uaRuleMax })}
              rules={[rule(['userAgentFilter', 'rules'], true)]}
            >
              <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} spellCheck={false} />
            </Form.Item>
          ) : null}
        </SectionCard>

        <SectionCard title={t('eo.frequency.title')} description={t('eo.frequency.description')} testId="eo-frequency">
          <Form.Item name={['adaptiveFrequencyControl', 'status']} label={t('eo.status')}>
            <OnOffSwitch />
          </Form.Item>
          {frequencyOn ? (
            <Form.Item name={['adaptiveFrequencyControl', 'level']} label={t('eo.frequency.level')}>
              <Radio.Group>
                <Flex vertical gap={4}>
                  {frequencyLevels.map((level) => (
                    <Radio key={level} value={level} data-testid={`eo-level-${level}`}>
                      {t(`eo.frequency.${level}`, frequencyLevelRates[level])}
                      {level === recommendedFrequencyLevel ? ` (${t('eo.frequency.recommended')})` : ''}
                    </Radio>
                  ))}
                </Flex>
              </Radio.Group>
            </Form.Item>
          ) : null}
          <Descriptions size="small" column={1} data-testid="eo-baseline">
            <Descriptions.Item label={t('eo.baseline.title')}>
              {policy.baseline
                ? t('eo.baseline.value', {
                    peak: policy.baseline.peakPer10s,
                    average: policy.baseline.averagePer10s,
                    time: formatTime(policy.baseline.computedAt),
                  })
                : t('eo.baseline.none')}
            </Descriptions.Item>
          </Descriptions>
        </SectionCard>

        <SectionCard title={t('eo.client.title')} description={t('eo.client.description')} testId="eo-client">
          <Form.Item name={['clientFiltering', 'status']} label={t('eo.status')}>
            <OnOffSwitch />
          </Form.Item>
          {clientOn ? (
            <>
              <Form.Item
                name={['clientFiltering', 'uaClasses']}
                label={t('eo.client.uaClasses')}
                rules={[rule(['clientFiltering', 'uaClasses'])]}
              >
                <Checkbox.Group options={uaClasses.map((c) => ({ value: c, label: t(`eo.client.class.${c}`) }))} />
              </Form.Item>
              <Form.Item name={['clientFiltering', 'blockEmptyUa']} valuePropName="checked">
                <Checkbox>{t('eo.client.blockEmptyUa')}</Checkbox>
              </Form.Item>
              <Form.Item
                name={['clientFiltering', 'knownTools']}
                label={t('eo.client.knownTools')}
                rules={[rule(['clientFiltering', 'knownTools'])]}
              >
                <Checkbox.Group options={knownTools.map((tool) => ({ value: tool, label: tool }))} />
              </Form.Item>
              <Form.Item
                name={['clientFiltering', 'allowRules']}
                label={t('eo.client.allowRules')}
                extra={t('domain.ua.hint', { max: limits.domain.uaRulesMax, length: limits.domain.uaRuleMax })}
                rules={[rule(['clientFiltering', 'allowRules'])]}
              >
                <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} spellCheck={false} />
              </Form.Item>
            </>
          ) : null}
        </SectionCard>

        <SectionCard title={t('eo.abuse.title')} description={t('eo.abuse.description')} testId="eo-abuse">
          <Form.Item name={['bandwidthAbuseDefense', 'status']} label={t('eo.status')}>
            <OnOffSwitch />
          </Form.Item>
          {abuseOn ? (
            <>
              {number(['bandwidthAbuseDefense', 'thresholdMb'], t('eo.abuse.thresholdMb'))}
              {number(['bandwidthAbuseDefense', 'windowSeconds'], t('eo.abuse.windowSeconds'))}
              {number(['bandwidthAbuseDefense', 'rateCapKbps'], t('eo.abuse.rateCapKbps'))}
            </>
          ) : null}
        </SectionCard>

        <SectionCard
          title={t('eo.slow.title')}
          description={t('eo.slow.description', { kb: limits.eo.slowAttackInspectBytes / 1024 })}
          testId="eo-slow"
        >
          <Form.Item name={['slowAttackDefense', 'status']} label={t('eo.status')}>
            <OnOffSwitch />
          </Form.Item>
          {slowOn ? (
            <>
              {number(['slowAttackDefense', 'minBodyRate'], t('eo.slow.minBodyRate'))}
              {number(['slowAttackDefense', 'headerTimeoutSeconds'], t('eo.slow.headerTimeoutSeconds'))}
              {number(['slowAttackDefense', 'bodyTimeoutSeconds'], t('eo.slow.bodyTimeoutSeconds'))}
            </>
          ) : null}
        </SectionCard>
        <Typography.Text type="secondary">{t('eo.security.blocking')}</Typography.Text>
        <SaveBar saving={save.isPending} dirty={false} onReset={() => form.resetFields()} testId="eo-security-save" />
      </Flex>
    </Form>
  );
}
