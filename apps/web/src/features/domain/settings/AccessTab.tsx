import {
  type AccessListType,
  AccessListTypeSchema,
  type DomainConfig,
  IpAclSchema,
  limits,
  RefererSchema,
  splitLines,
  UserAgentFilterSchema,
  UserAgentFilterTypeSchema,
} from '@edgeward/contract';
import { Checkbox, Flex, Form, Input, Radio } from 'antd';
import type { z } from 'zod';
import type { ConfigSegment, SegmentBody } from '../../../api/domain';
import { useI18n } from '../../../i18n';
import { zodRule } from '../../../lib/form';
import { bodyRule, joinLines } from '../domain-form';
import { SaveBar, SectionCard } from './SectionCard';
import { useSection } from './settings-context';
import { UrlAuthSection } from './UrlAuthSection';

/** Referer, IP and user-agent filters, then URL authentication; each section saves on its own. */
export function AccessTab() {
  const { t } = useI18n();
  return (
    <Flex vertical gap={16}>
      <ListFilterSection
        name="referer"
        segment="configReferer"
        schema={RefererSchema}
        typeSchema={AccessListTypeSchema}
        types={['off', 'allow', 'deny']}
        title={t('domain.referer.title')}
        description={t('domain.referer.description')}
        hint={t('domain.referer.hint', { max: limits.domain.refererMax })}
        placeholder={'www.example.com\n*.example.com\nexample.org:8080'}
        max={limits.domain.refererMax}
        pick={(c) => ({ type: c.referer.type, list: c.referer.list, allowEmpty: c.referer.allowEmpty })}
        withAllowEmpty
        testId="domain-save-referer"
      />
      <ListFilterSection
        name="ip-acl"
        segment="configIpAcl"
        schema={IpAclSchema}
        typeSchema={AccessListTypeSchema}
        types={['off', 'allow', 'deny']}
        title={t('domain.ipAcl.title')}
        description={t('domain.ipAcl.description')}
        hint={t('domain.ipAcl.hint', { max: limits.domain.ipAclMax })}
        placeholder={'203.0.113.7\n198.51.100.0/24\n2001:db8::1'}
        max={limits.domain.ipAclMax}
        pick={(c) => ({ type: c.ipFilter.type, list: c.ipFilter.list })}
        testId="domain-save-ip-acl"
      />
      <ListFilterSection
        name="user-agent"
        segment="configUserAgentFilter"
        schema={UserAgentFilterSchema}
        typeSchema={UserAgentFilterTypeSchema}
        types={['off', 'blacklist', 'whitelist']}
        listKey="rules"
        title={t('domain.ua.title')}
        description={t('domain.ua.description')}
        hint={t('domain.ua.hint', { max: limits.domain.uaRulesMax, length: limits.domain.uaRuleMax })}
        placeholder={'*curl*\n*python-requests*'}
        max={limits.domain.uaRulesMax}
        pick={(c) => ({ type: c.userAgentFilter.type, list: c.userAgentFilter.rules })}
        testId="domain-save-ua"
      />
      <UrlAuthSection />
    </Flex>
  );
}

type FilterType = AccessListType | 'blacklist' | 'whitelist';

/** The list field is named like the body's list ('list' or 'rules'), so that server errors land on it. */
interface FilterValues {
  type: FilterType;
  list?: string;
  rules?: string;
  allowEmpty?: boolean;
}

interface ListFilterSectionProps {
  name: string;
  segment: Extract<ConfigSegment, 'configReferer' | 'configIpAcl' | 'configUserAgentFilter'>;
  schema: z.ZodType;
  typeSchema: z.ZodType;
  types: readonly FilterType[];
  /** The body's name for the list ('rules' for user agents). */
  listKey?: 'list' | 'rules';
  title: string;
  description: string;
  hint: string;
  placeholder: string;
  max: number;
  pick: (config: DomainConfig) => { type: FilterType; list: string[]; allowEmpty?: boolean };
  withAllowEmpty?: boolean;
  testId: string;
}

/**
 * An off / allow / deny filter with its list typed one entry per line. A single type field makes the two list
 * kinds exclusive (spec: UA blacklist and whitelist, only one at a time).
 */
function ListFilterSection(props: ListFilterSectionProps) {
  const { t } = useI18n();
  const { schema, listKey = 'list', withAllowEmpty = false } = props;
  const toBody = (values: FilterValues) =>
    ({
      type: values.type,
      [listKey]: splitLines(values[listKey] ?? ''),
      ...(withAllowEmpty ? { allowEmpty: values.allowEmpty ?? true } : {}),
    }) as SegmentBody<typeof props.segment>;
  const section = useSection({
    name: props.name,
    segment: props.segment,
    fromConfig: (config: DomainConfig): FilterValues => {
      const { type, list, allowEmpty } = props.pick(config);
      return { type, [listKey]: joinLines(list), ...(withAllowEmpty ? { allowEmpty: allowEmpty ?? true } : {}) };
    },
    toBody,
    listFields: [listKey],
  });
  const type = Form.useWatch('type', section.form);
  const count = splitLines(Form.useWatch<string | undefined>(listKey, section.form) ?? '').length;

  return (
    <SectionCard
      title={props.title}
      description={props.description}
      dirty={section.dirty}
      testId={`section-${props.name}`}
    >
      <Form noValidate {...section.formProps} style={{ maxWidth: 720 }}>
        <Form.Item name="type" label={t('domain.filter.type')} rules={[zodRule(props.typeSchema, t)]}>
          <Radio.Group
            optionType="button"
            options={props.types.map((value) => ({ value, label: t(`domain.filter.${value}`) }))}
          />
        </Form.Item>
        {type && type !== 'off' ? (
          <>
            <Form.Item
              name={listKey}
              label={t(`domain.filter.listLabel.${type}`)}
              extra={`${props.hint} (${count}/${props.max})`}
              dependencies={['type']}
              rules={[bodyRule<FilterValues>(schema, [listKey], toBody, t, { required: true })]}
            >
              <Input.TextArea
                autoSize={{ minRows: 4, maxRows: 12 }}
                spellCheck={false}
                placeholder={props.placeholder}
                data-testid={`${props.name}-list`}
              />
            </Form.Item>
            {withAllowEmpty ? (
              <Form.Item name="allowEmpty" valuePropName="checked" extra={t('domain.referer.allowEmptyHint')}>
                <Checkbox>{t('domain.referer.allowEmpty')}</Checkbox>
              </Form.Item>
            ) : null}
          </>
        ) : null}
        <SaveBar saving={section.saving} dirty={section.dirty} onReset={section.reset} testId={props.testId} />
      </Form>
    </SectionCard>
  );
}
