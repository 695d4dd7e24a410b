import {
  type EoDomainConfig,
  frequencyLevelRates,
  frequencyLevels,
  knownTools,
  limits,
  recommendedFrequencyLevel,
  uaClasses,
} from '@edgeward/contract';
import { Checkbox, Descriptions, Flex, Form, Input, Radio } from 'antd';
import { NumberInput } from '../../components/NumberInput';
import { OnOffSwitch } from '../../components/OnOffSwitch';
import { useI18n } from '../../i18n';
import { formatTime } from '../../lib/time';
import { SectionCard } from '../domain';
import type { SecurityFormValues } from './security-form';
import { type Path, useSecurityRule } from './use-security-rule';

type Baseline = EoDomainConfig['securityPolicy']['baseline'];

/** Adaptive frequency control, at a level, with the 7-day baseline it measures against. */
export function FrequencyControl({ baseline }: { baseline: Baseline }) {
  const { t } = useI18n();
  const form = Form.useFormInstance<SecurityFormValues>();
  const frequencyOn = Form.useWatch(['adaptiveFrequencyControl', 'status'], form) === 'on';
  return (
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
          {baseline
            ? t('eo.baseline.value', {
                peak: baseline.peakPer10s,
                average: baseline.averagePer10s,
                time: formatTime(baseline.computedAt),
              })
            : t('eo.baseline.none')}
        </Descriptions.Item>
      </Descriptions>
    </SectionCard>
  );
}

/** Client filtering: classes of user agents, empty ones and known tools blocked, with exceptions. */
export function ClientFiltering() {
  const { t } = useI18n();
  const form = Form.useFormInstance<SecurityFormValues>();
  const rule = useSecurityRule();
  const clientOn = Form.useWatch(['clientFiltering', 'status'], form) === 'on';
  return (
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
  );
}

/** Bandwidth abuse and slow-attack defence: each on or off, with its thresholds. */
export function AttackDefences() {
  const { t } = useI18n();
  const form = Form.useFormInstance<SecurityFormValues>();
  const rule = useSecurityRule();
  const abuseOn = Form.useWatch(['bandwidthAbuseDefense', 'status'], form) === 'on';
  const slowOn = Form.useWatch(['slowAttackDefense', 'status'], form) === 'on';
  const number = (path: Path, label: string) => (
    <Form.Item name={path as (string | number)[]} label={label} rules={[rule(path)]}>
      <NumberInput style={{ maxWidth: 200 }} data-testid={`eo-${path.join('-')}`} />
    </Form.Item>
  );
  return (
    <>
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
    </>
  );
}
