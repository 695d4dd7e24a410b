import {
  type CacheRuleType,
  CacheRuleTypeSchema,
  type DomainConfig,
  limits,
  type RateLimitPreset,
  type RequestLimitsInput,
  RequestLimitsSchema,
  rateLimitPresets,
  recommendedRateLimitPreset,
} from '@edgeward/contract';
import { Alert, Flex, Form, Input, Radio, Select, Switch, Tag, Tooltip } from 'antd';
import { NumberInput } from '../../../components/NumberInput';
import { useI18n } from '../../../i18n';
import { zodRule } from '../../../lib/form';
import { bodyRule, isOn, issueAt, onOff } from '../domain-form';
import { EditableRows } from './EditableRows';
import { SaveBar, SectionCard } from './SectionCard';
import { useSection } from './settings-context';

interface RuleRow {
  type: CacheRuleType;
  content: string;
  periodSeconds: number | null;
  limit: number | null;
  threshold: number | null;
}
interface LimitValues {
  status: boolean;
  rules: RuleRow[];
}

function fromConfig(config: DomainConfig): LimitValues {
  const { status, rules } = config.requestLimits;
  return {
    status: isOn(status),
    rules: rules.map(({ type, content, periodSeconds, limit, threshold }) => ({
      type,
      content,
      periodSeconds,
      limit,
      threshold,
    })),
  };
}

function toBody(values: LimitValues): RequestLimitsInput {
  return {
    status: onOff(values.status),
    rules: (values.rules ?? []).map((row) => ({
      type: row?.type,
      content: row?.type === 'all' ? '' : (row?.content ?? ''),
      periodSeconds: row?.periodSeconds ?? Number.NaN,
      limit: row?.limit ?? Number.NaN,
      threshold: row?.threshold ?? Number.NaN,
      action: 'block' as const,
    })),
  };
}

const presetNames = Object.keys(rateLimitPresets) as RateLimitPreset[];

/** The preset the all-files rule currently matches, if any. */
function presetOf(rules: readonly RuleRow[] | undefined): RateLimitPreset | undefined {
  const all = rules?.find((row) => row?.type === 'all');
  if (!all) return undefined;
  return presetNames.find(
    (name) =>
      rateLimitPresets[name].limit === all.limit &&
      rateLimitPresets[name].periodSeconds === all.periodSeconds &&
      (all.threshold ?? 0) === 0,
  );
}

/** Web protection: per-client request limits, from a preset level or rule by rule. */
export function ProtectionTab() {
  const { t } = useI18n();
  const section = useSection({ name: 'rate-limit', segment: 'configRateLimit', fromConfig, toBody });
  const { form } = section;
  const status = Form.useWatch('status', form);
  const rules = Form.useWatch('rules', form) as RuleRow[] | undefined;
  const preset = presetOf(rules);
  const allTaken = (index: number) => (rules ?? []).some((row, i) => i !== index && row?.type === 'all');

  const applyPreset = (name: RateLimitPreset) => {
    const { limit, periodSeconds } = rateLimitPresets[name];
    const current: RuleRow[] = form.getFieldValue('rules') ?? [];
    const row: RuleRow = { type: 'all', content: '', periodSeconds, limit, threshold: 0 };
    const at = current.findIndex((r) => r?.type === 'all');
    form.setFieldValue('rules', at < 0 ? [row, ...current] : current.map((r, i) => (i === at ? row : r)));
    section.touch();
    void form.validateFields([['rules']]).catch(() => undefined);
  };

  const rowRule = (index: number, field: keyof RuleRow) =>
    bodyRule<LimitValues>(RequestLimitsSchema, ['rules', index, field], toBody, t);

  return (
    <SectionCard
      title={t('domain.rateLimit.title')}
      description={t('domain.rateLimit.description')}
      dirty={section.dirty}
      testId="section-rate-limit"
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title={t('domain.rateLimit.blockTitle')}
        description={t('domain.rateLimit.blockDescription')}
      />
      <Form noValidate {...section.formProps}>
        <Form.Item name="status" label={t('domain.rateLimit.status')} valuePropName="checked">
          <Switch data-testid="rate-limit-switch" />
        </Form.Item>
        <Form.Item label={t('domain.rateLimit.preset')} extra={t('domain.rateLimit.presetHint')}>
          <Radio.Group
            value={preset}
            onChange={(event) => applyPreset(event.target.value as RateLimitPreset)}
            data-testid="rate-limit-preset"
          >
            <Flex gap={8} wrap>
              {presetNames.map((name) => (
                <Radio.Button key={name} value={name} style={{ height: 'auto', paddingBlock: 6 }}>
                  <Flex vertical style={{ lineHeight: 1.4 }}>
                    <span>
                      {t(`domain.rateLimit.preset.${name}`)}
                      {name === recommendedRateLimitPreset ? (
                        <Tag color="green" style={{ marginInlineStart: 6 }}>
                          {t('domain.rateLimit.recommended')}
                        </Tag>
                      ) : null}
                    </span>
                    <span style={{ fontSize: 12, opacity: 0.75 }}>
                      {t('domain.rateLimit.presetValue', rateLimitPresets[name])}
                    </span>
                  </Flex>
                </Radio.Button>
              ))}
            </Flex>
          </Radio.Group>
        </Form.Item>
        <Form.List
          name="rules"
          rules={[
            {
              validator: () => {
                const message = issueAt(
                  RequestLimitsSchema,
                  toBody(form.getFieldsValue(true)),
                  ['rules'],
                  t,
                  'line',
                  true,
                );
                return message === undefined ? Promise.resolve() : Promise.reject(new Error(message));
              },
            },
          ]}
        >
          {(fields, { add, remove }, { errors }) => (
            <EditableRows
              fields={fields}
              emptyText={t('domain.rateLimit.empty')}
              removeLabel={t('domain.rateLimit.remove')}
              onRemove={remove}
              addLabel={t('domain.rateLimit.add', { n: fields.length, max: limits.domain.rateLimitRulesMax })}
              onAdd={() =>
                add({
                  type: allTaken(-1) ? 'path' : 'all',
                  content: '',
                  periodSeconds: rateLimitPresets[recommendedRateLimitPreset].periodSeconds,
                  limit: rateLimitPresets[recommendedRateLimitPreset].limit,
                  threshold: 0,
                })
              }
              addDisabled={fields.length >= limits.domain.rateLimitRulesMax}
              addTestId="rate-limit-add"
              footer={<Form.ErrorList errors={errors} />}
              spaceBelow={16}
              columns={[
                {
                  title: t('domain.rateLimit.type'),
                  key: 'type',
                  width: 150,
                  render: (_, field) => (
                    <Form.Item
                      name={[field.name, 'type']}
                      style={{ marginBottom: 0 }}
                      // The field's own rule and the list rule can find the same problem: show it once.
                      validateFirst
                      rules={[zodRule(CacheRuleTypeSchema, t), rowRule(field.name, 'type')]}
                    >
                      <Select
                        aria-label={t('domain.rateLimit.type')}
                        options={(['all', 'path', 'suffix'] as const).map((value) => ({
                          value,
                          label: t(`domain.ruleType.${value}`),
                          disabled: value === 'all' && allTaken(field.name),
                        }))}
                        data-testid="rate-limit-type"
                      />
                    </Form.Item>
                  ),
                },
                {
                  title: t('domain.rateLimit.content'),
                  key: 'content',
                  render: (_, field) => {
                    const isAll = rules?.[field.name]?.type === 'all';
                    return (
                      <Form.Item
                        name={[field.name, 'content']}
                        style={{ marginBottom: 0 }}
                        dependencies={[['rules', field.name, 'type']]}
                        rules={[rowRule(field.name, 'content')]}
                      >
                        <Input
                          disabled={isAll}
                          placeholder={isAll ? t('domain.cache.allFiles') : '/api/  ·  .php'}
                          spellCheck={false}
                          aria-label={t('domain.rateLimit.content')}
                          data-testid="rate-limit-content"
                        />
                      </Form.Item>
                    );
                  },
                },
                ...(['periodSeconds', 'limit', 'threshold'] as const).map((name) => ({
                  title: (
                    <Tooltip title={t(`domain.rateLimit.${name}Hint`)}>
                      <span style={{ borderBottom: '1px dashed' }}>{t(`domain.rateLimit.${name}`)}</span>
                    </Tooltip>
                  ),
                  key: name,
                  width: 150,
                  render: (_: unknown, field: { name: number }) => (
                    <Form.Item
                      name={[field.name, name]}
                      style={{ marginBottom: 0 }}
                      // The longest period follows the value (at least one request per minute).
                      dependencies={name === 'periodSeconds' ? [['rules', field.name, 'limit']] : undefined}
                      rules={[rowRule(field.name, name)]}
                    >
                      <NumberInput
                        style={{ width: '100%' }}
                        aria-label={t(`domain.rateLimit.${name}`)}
                        data-testid={`rate-limit-${name}`}
                      />
                    </Form.Item>
                  ),
                })),
                {
                  title: t('domain.rateLimit.action'),
                  key: 'action',
                  render: () => <Tag color="red">{t('domain.rateLimit.block')}</Tag>,
                },
              ]}
            />
          )}
        </Form.List>
        {status === false && (rules?.length ?? 0) > 0 ? (
          <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={t('domain.rateLimit.offHint')} />
        ) : null}
        <SaveBar
          saving={section.saving}
          dirty={section.dirty}
          onReset={section.reset}
          testId="domain-save-rate-limit"
        />
      </Form>
    </SectionCard>
  );
}
