import {
  limits,
  type RateLimitPreset,
  RequestLimitsSchema,
  rateLimitPresets,
  recommendedRateLimitPreset,
} from '@edgeward/contract';
import { Alert, Form, Switch } from 'antd';
import { useI18n } from '../../../i18n';
import { bodyRule, issueAt } from '../domain-form';
import { EditableRows } from './EditableRows';
import { RateLimitPresets } from './RateLimitPresets';
import { useRateLimitColumns } from './rate-limit-columns';
import { fromConfig, type LimitValues, presetOf, type RuleRow, toBody } from './rate-limit-values';
import { SaveBar, SectionCard } from './SectionCard';
import { useSection } from './settings-context';

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
  const columns = useRateLimitColumns(rules, allTaken, rowRule);

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
        <RateLimitPresets value={preset} onChange={applyPreset} />
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
              columns={columns}
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
