import { PlusOutlined } from '@ant-design/icons';
import {
  type CacheConfigInput,
  type CacheExpiryUnit,
  CacheExpiryUnitSchema,
  type CacheRuleInput,
  CacheRuleSchema,
  CacheRulesSchema,
  type CacheRuleType,
  CacheRuleTypeSchema,
  type DomainConfig,
  limits,
  recommendedCacheExpiry,
  splitCacheContent,
} from '@edgeward/contract';
import {
  Alert,
  App,
  Button,
  Flex,
  Form,
  Input,
  Modal,
  Select,
  Space,
  Switch,
  Table,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useState } from 'react';
import { ConfirmButton } from '../../../components/ConfirmButton';
import { NumberInput } from '../../../components/NumberInput';
import { useI18n } from '../../../i18n';
import { serverFieldErrors, zodRule } from '../../../lib/form';
import { applyConfigErrors, bodyRule, isOn, onOff } from '../domain-form';
import { SaveBar, SectionCard } from './SectionCard';
import { useConfigFailure, useSection, useSegmentSave, useSettings } from './settings-context';

type SavedRule = DomainConfig['cacheConfig']['rules'][number];

interface RuleValues {
  priority: number | null;
  type: CacheRuleType;
  content: string;
  ttl: number | null;
  unit: CacheExpiryUnit;
  ignoreUrlParameter: boolean;
}

const units = ['seconds', 'minutes', 'hours', 'days'] as const;

function toRule(values: RuleValues): CacheRuleInput {
  return {
    priority: values.priority ?? Number.NaN,
    type: values.type,
    content: values.type === 'all' ? [] : splitCacheContent(values.content ?? ''),
    ttl: values.ttl ?? Number.NaN,
    unit: values.unit,
    ignoreUrlParameter: onOff(values.ignoreUrlParameter),
  };
}

function fromRule(rule: SavedRule): RuleValues {
  return {
    priority: rule.priority,
    type: rule.type,
    content: rule.content.join('\n'),
    ttl: rule.ttl,
    unit: rule.unit,
    ignoreUrlParameter: isOn(rule.ignoreUrlParameter),
  };
}

/** The switches as saved, so that a rule change never sends switch edits that were not saved. */
function savedSwitches(config: DomainConfig): Omit<CacheConfigInput, 'rules'> {
  const { ignoreUrlParameter, cachePrefresh, offlineCache } = config.cacheConfig;
  return { ignoreUrlParameter, cachePrefresh, offlineCache };
}

export function useExpiryText() {
  const { t } = useI18n();
  return (ttl: number, unit: CacheExpiryUnit) =>
    ttl === 0 ? t('domain.cache.noCache') : t(`domain.cache.unitCount.${unit}`, { n: ttl });
}

/** Cache rules (each saved on its own through the cache segment) and the cache switches. */
export function CacheTab() {
  return (
    <Flex vertical gap={16}>
      <CacheRules />
      <CacheSwitches />
    </Flex>
  );
}

function CacheRules() {
  const { t } = useI18n();
  const { config, editable } = useSettings();
  const expiry = useExpiryText();
  const { message } = App.useApp();
  const fail = useConfigFailure();
  const save = useSegmentSave('configCacheRule');
  const [editing, setEditing] = useState<{ index: number; rule?: SavedRule } | null>(null);
  const rules = config.cacheConfig.rules;
  const rows = rules.map((rule, index) => ({ ...rule, index })).sort((a, b) => b.priority - a.priority);

  const remove = (index: number) =>
    new Promise<void>((resolve) => {
      save.mutate(
        { ...savedSwitches(config), rules: rules.filter((_, i) => i !== index) },
        {
          onSettled: () => resolve(),
          onSuccess: () => message.success({ content: t('domain.settings.saved'), key: 'domain-config' }),
          onError: (error) => fail(error),
        },
      );
    });

  const typeLabel = (type: CacheRuleType) => t(`domain.ruleType.${type}`);

  return (
    <SectionCard
      title={t('domain.cache.rulesTitle')}
      description={t('domain.cache.rulesDescription')}
      extra={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          disabled={!editable || rules.length >= limits.domain.cachePriorityMax}
          onClick={() => setEditing({ index: rules.length })}
          data-testid="cache-rule-add"
        >
          {t('domain.cache.addRule')}
        </Button>
      }
      testId="cache-rules"
    >
      <RecommendedExpiry />
      <Table
        rowKey="index"
        size="middle"
        pagination={false}
        dataSource={rows}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: t('domain.cache.priority'), dataIndex: 'priority', width: 90 },
          {
            title: t('domain.cache.type'),
            dataIndex: 'type',
            render: (type: CacheRuleType) => <Tag>{typeLabel(type)}</Tag>,
          },
          {
            title: t('domain.cache.content'),
            dataIndex: 'content',
            render: (content: string[], row) =>
              row.type === 'all' ? (
                <Typography.Text type="secondary">{t('domain.cache.allFiles')}</Typography.Text>
              ) : (
                <Flex gap={4} wrap style={{ maxWidth: 360 }}>
                  {content.map((entry) => (
                    <Tag key={entry} style={{ fontFamily: 'monospace' }}>
                      {entry}
                    </Tag>
                  ))}
                </Flex>
              ),
          },
          {
            title: t('domain.cache.expiry'),
            key: 'expiry',
            render: (_, row) => expiry(row.ttl, row.unit),
          },
          {
            title: t('domain.cache.ignoreParams'),
            dataIndex: 'ignoreUrlParameter',
            render: (value: 'on' | 'off') => (
              <Tag color={value === 'on' ? 'blue' : 'default'}>
                {t(value === 'on' ? 'domain.switch.on' : 'domain.switch.off')}
              </Tag>
            ),
          },
          {
            title: t('domain.actions'),
            key: 'actions',
            fixed: 'right',
            render: (_, row) => (
              <Space size={0}>
                <Button
                  type="link"
                  size="small"
                  disabled={!editable}
                  onClick={() => setEditing({ index: row.index, rule: row })}
                  data-testid="cache-rule-edit"
                >
                  {t('domain.edit')}
                </Button>
                {row.type === 'all' ? (
                  <Tooltip title={t('domain.cache.allRequired')}>
                    <Button type="link" size="small" danger disabled data-testid="cache-rule-delete">
                      {t('domain.delete')}
                    </Button>
                  </Tooltip>
                ) : (
                  <ConfirmButton
                    type="link"
                    size="small"
                    danger
                    dangerous
                    disabled={!editable}
                    title={t('domain.cache.deleteConfirm')}
                    onConfirm={() => remove(row.index)}
                    data-testid="cache-rule-delete"
                  >
                    {t('domain.delete')}
                  </ConfirmButton>
                )}
              </Space>
            ),
          },
        ]}
      />
      {editing ? <CacheRuleModal index={editing.index} rule={editing.rule} onClose={() => setEditing(null)} /> : null}
    </SectionCard>
  );
}

function RecommendedExpiry() {
  const { t } = useI18n();
  const expiry = useExpiryText();
  const items = recommendedCacheExpiry.map((item) =>
    t(`domain.cache.recommend.${item.kind}`, { expiry: expiry(item.ttl, item.unit) }),
  );
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 16 }}
      title={t('domain.cache.recommendTitle')}
      description={
        <ul style={{ margin: 0, paddingInlineStart: 18 }}>
          {items.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      }
    />
  );
}

/** Adds (index = rules.length) or edits one rule; OK saves the whole list at once. */
function CacheRuleModal({ index, rule, onClose }: { index: number; rule?: SavedRule; onClose: () => void }) {
  const { t } = useI18n();
  const { config } = useSettings();
  const { message } = App.useApp();
  const expiry = useExpiryText();
  const [form] = Form.useForm<RuleValues>();
  const save = useSegmentSave('configCacheRule');
  const fail = useConfigFailure();
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

  const fill = (ttl: number, unit: CacheExpiryUnit) => {
    form.setFieldsValue({ ttl, unit });
    void form.validateFields(['ttl']);
  };

  return (
    <Modal
      open
      title={rule ? t('domain.cache.editRule') : t('domain.cache.addRule')}
      okText={t('domain.settings.save')}
      cancelText={t('common.cancel')}
      onOk={onOk}
      onCancel={onClose}
      confirmLoading={save.isPending}
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
        <Form.Item label={t('domain.cache.expiry')} required extra={t('domain.cache.expiryHint')}>
          <Space.Compact>
            <Form.Item name="ttl" noStyle dependencies={['unit']} rules={[listRule('ttl')]}>
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

interface SwitchValues {
  ignoreUrlParameter: boolean;
  cachePrefresh: boolean;
  offlineCache: boolean;
}

function CacheSwitches() {
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
