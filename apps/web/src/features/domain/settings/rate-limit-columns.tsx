import { CacheRuleTypeSchema } from '@edgeward/contract';
import { Form, Input, Select, type TableColumnsType, Tag, Tooltip } from 'antd';
import type { FormListFieldData, RuleRender } from 'antd/es/form';
import { NumberInput } from '../../../components/NumberInput';
import { useI18n } from '../../../i18n';
import { zodRule } from '../../../lib/form';
import type { RuleRow } from './rate-limit-values';

/** The columns of the rule rows: what a rule matches, its period, limit and threshold, and its action. */
export function useRateLimitColumns(
  rules: RuleRow[] | undefined,
  allTaken: (index: number) => boolean,
  rowRule: (index: number, field: keyof RuleRow) => RuleRender,
): TableColumnsType<FormListFieldData> {
  const { t } = useI18n();
  return [
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
  ];
}
