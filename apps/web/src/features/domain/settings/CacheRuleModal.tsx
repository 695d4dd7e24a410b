import {
  type CacheExpiryUnit,
  CacheExpiryUnitSchema,
  type CacheRuleInput,
  CacheRuleSchema,
  CacheRulesSchema,
  CacheRuleTypeSchema,
  limits,
  recommendedCacheExpiry,
} from '@edgeward/contract';
import { App, Button, Flex, Form, type FormInstance, Input, Modal, Select, Space, Switch, Typography } from 'antd';
import type { RuleRender } from 'antd/es/form';
import { NumberInput } from '../../../components/NumberInput';
import { useI18n } from '../../../i18n';
import { serverFieldErrors, zodRule } from '../../../lib/form';
import { applyConfigErrors, bodyRule } from '../domain-form';
import {
  fromRule,
  type RuleValues,
  type SavedRule,
  savedSwitches,
  toRule,
  units,
  useExpiryText,
} from './cache-rule-values';
import { useConfigFailure, useSegmentSave, useSettings } from './settings-context';

/** Adds (index = rules.length) or edits one rule; OK saves the whole list at once. */
export function CacheRuleModal({ index, rule, onClose }: { index: number; rule?: SavedRule; onClose: () => void }) {
  const { t } = useI18n();
  const { config } = useSettings();
  const [form] = Form.useForm<RuleValues>();
  const rules = config.cacheConfig.rules;
  const type = Form.useWatch('type', form);
  const otherAll = rules.some((r, i) => i !== index && r.type === 'all');
  const isAllRule = rule?.type === 'all';

  const listWith = (values: RuleValues) => {
    const next: CacheRuleInput[] = [...rules];
    next[index] = toRule(values);
    return next;
  };
  const listRule = (field: keyof RuleValues, entry?: 'entry') =>
    bodyRule<RuleValues>(CacheRulesSchema, [index, field], listWith, t, entry ? { entry } : {});

  const initial: RuleValues = rule
    ? fromRule(rule)
    : {
        priority: Math.min(limits.domain.cachePriorityMax, Math.max(0, ...rules.map((r) => r.priority)) + 1),
        type: 'suffix',
        content: '',
        ttl: limits.domain.cacheDefaultDays,
        unit: 'days',
        ignoreUrlParameter: false,
      };

  const { onOk, saving } = useRuleSave(form, index, listWith, onClose);

  return (
    <Modal
      open
      title={rule ? t('domain.cache.editRule') : t('domain.cache.addRule')}
      okText={t('domain.settings.save')}
      cancelText={t('common.cancel')}
      onOk={onOk}
      onCancel={onClose}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'domain-save-cache-rule' }}
      destroyOnHidden
      width={600}
    >
      <Form noValidate form={form} layout="vertical" initialValues={initial} preserve={false} name="cache-rule">
        <Form.Item
          name="priority"
          label={t('domain.cache.priority')}
          extra={t('domain.cache.priorityHint')}
          // The field's own rule and the list rule can find the same problem: show it once.
          validateFirst
          rules={[zodRule(CacheRuleSchema.shape.priority, t), listRule('priority')]}
        >
          <NumberInput style={{ width: 160 }} data-testid="cache-rule-priority" />
        </Form.Item>
        <Form.Item
          name="type"
          label={t('domain.cache.type')}
          // The field's own rule and the list rule can find the same problem: show it once.
          validateFirst
          rules={[zodRule(CacheRuleTypeSchema, t), listRule('type')]}
        >
          <Select
            disabled={isAllRule}
            options={(['all', 'path', 'suffix'] as const).map((value) => ({
              value,
              label: t(`domain.ruleType.${value}`),
              disabled: value === 'all' && otherAll,
            }))}
            data-testid="cache-rule-type"
          />
        </Form.Item>
        {type === 'all' ? null : (
          <Form.Item
            name="content"
            label={t('domain.cache.content')}
            extra={t(type === 'path' ? 'domain.cache.pathHint' : 'domain.cache.suffixHint', {
              max: limits.domain.cacheContentMax,
            })}
            dependencies={['type']}
            required
            rules={[listRule('content', 'entry')]}
          >
            <Input.TextArea
              autoSize={{ minRows: 3, maxRows: 8 }}
              spellCheck={false}
              placeholder={type === 'path' ? '/static/\n/images/logo.png' : '.jpg;.png;.css'}
              data-testid="cache-rule-content"
            />
          </Form.Item>
        )}
        <ExpiryField ttlRule={listRule('ttl')} />
        <Form.Item
          name="ignoreUrlParameter"
          label={t('domain.cache.ignoreParams')}
          valuePropName="checked"
          extra={t('domain.cache.ignoreParamsRuleHint')}
        >
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Saves the list with this rule in it; the server's errors of this rule go under the modal's fields. */
function useRuleSave(
  form: FormInstance<RuleValues>,
  index: number,
  listWith: (values: RuleValues) => CacheRuleInput[],
  onClose: () => void,
) {
  const { t } = useI18n();
  const { config } = useSettings();
  const { message } = App.useApp();
  const save = useSegmentSave('configCacheRule');
  const fail = useConfigFailure();
  const onOk = async () => {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    const next = listWith(form.getFieldsValue(true));
    save.mutate(
      { ...savedSwitches(config), rules: next },
      {
        onSuccess: () => {
          message.success({ content: t('domain.settings.saved'), key: 'domain-config' });
          onClose();
        },
        onError: (error) => {
          // Errors of this rule (rules.<index>.<field>) go under the modal's fields.
          const prefix = `rules.${index}.`;
          const own = Object.entries(serverFieldErrors(error) ?? {}).filter(([path]) => path.startsWith(prefix));
          const shown =
            own.length > 0 &&
            applyConfigErrors(
              form,
              { fields: Object.fromEntries(own.map(([p, m]) => [p.slice(prefix.length), m])) },
              t,
              ['content'],
            );
          fail(error, { shown });
        },
      },
    );
  };

  return { onOk, saving: save.isPending };
}

/** The expiry (a number and its unit) with the recommended expiries one click away. */
function ExpiryField({ ttlRule }: { ttlRule: RuleRender }) {
  const { t } = useI18n();
  const form = Form.useFormInstance<RuleValues>();
  const expiry = useExpiryText();
  const fill = (ttl: number, unit: CacheExpiryUnit) => {
    form.setFieldsValue({ ttl, unit });
    void form.validateFields(['ttl']);
  };
  return (
    <>
      <Form.Item label={t('domain.cache.expiry')} required extra={t('domain.cache.expiryHint')}>
        <Space.Compact>
          <Form.Item name="ttl" noStyle dependencies={['unit']} rules={[ttlRule]}>
            <NumberInput style={{ width: 160 }} data-testid="cache-rule-ttl" />
          </Form.Item>
          <Form.Item name="unit" noStyle rules={[zodRule(CacheExpiryUnitSchema, t)]}>
            <Select
              style={{ width: 120 }}
              options={units.map((value) => ({ value, label: t(`domain.cache.unit.${value}`) }))}
              data-testid="cache-rule-unit"
            />
          </Form.Item>
        </Space.Compact>
      </Form.Item>
      <Flex gap={4} wrap align="center" style={{ marginTop: -12, marginBottom: 16 }}>
        <Typography.Text type="secondary">{t('domain.cache.recommendShort')}</Typography.Text>
        {recommendedCacheExpiry.map((item) => (
          <Button key={item.kind} size="small" type="dashed" onClick={() => fill(item.ttl, item.unit)}>
            {t(`domain.cache.recommendKind.${item.kind}`)} · {expiry(item.ttl, item.unit)}
          </Button>
        ))}
      </Flex>
    </>
  );
}
