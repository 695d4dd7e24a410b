import { PlusOutlined } from '@ant-design/icons';
import { type CacheRuleType, limits, recommendedCacheExpiry } from '@edgeward/contract';
import { Alert, App, Button, Flex, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { ConfirmButton } from '../../../components/ConfirmButton';
import { useI18n } from '../../../i18n';
import { CacheRuleModal } from './CacheRuleModal';
import { type SavedRule, savedSwitches, useExpiryText } from './cache-rule-values';
import { SectionCard } from './SectionCard';
import { useConfigFailure, useSegmentSave, useSettings } from './settings-context';

/** The cache rules, highest priority first; each added, edited or deleted on its own. */
export function CacheRules() {
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
              <RuleActions
                row={row}
                editable={editable}
                onEdit={() => setEditing({ index: row.index, rule: row })}
                onRemove={() => remove(row.index)}
              />
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

/** Edit, and delete unless the rule is the one for all files, which the list must keep. */
function RuleActions({
  row,
  editable,
  onEdit,
  onRemove,
}: {
  row: SavedRule;
  editable: boolean;
  onEdit: () => void;
  onRemove: () => Promise<void>;
}) {
  const { t } = useI18n();
  return (
    <Space size={0}>
      <Button type="link" size="small" disabled={!editable} onClick={onEdit} data-testid="cache-rule-edit">
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
          onConfirm={onRemove}
          data-testid="cache-rule-delete"
        >
          {t('domain.delete')}
        </ConfirmButton>
      )}
    </Space>
  );
}
