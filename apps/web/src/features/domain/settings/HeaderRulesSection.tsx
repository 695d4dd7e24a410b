import {
  type DomainConfig,
  HeaderActionSchema,
  HeaderRuleSchema,
  type HeaderRulesBodyInput,
  HeaderRulesBodySchema,
  limits,
} from '@edgeward/contract';
import { Form, Input, Select } from 'antd';
import { useI18n } from '../../../i18n';
import { zodRule } from '../../../lib/form';
import { bodyRule } from '../domain-form';
import { EditableRows } from './EditableRows';
import { SaveBar, SectionCard } from './SectionCard';
import { useSection } from './settings-context';

interface HeaderRow {
  name: string;
  value: string;
  action: 'set' | 'delete';
}
interface HeaderValues {
  headers: HeaderRow[];
}

function toBody(values: HeaderValues): HeaderRulesBodyInput {
  return {
    headers: (values.headers ?? []).map((row) => ({
      name: row?.name ?? '',
      value: row?.action === 'delete' ? '' : (row?.value ?? ''),
      action: row?.action ?? 'set',
    })),
  };
}

interface HeaderRulesSectionProps {
  kind: 'request' | 'response';
}

/** Headers towards the origin (request) or towards clients (response), edited as rows of a table. */
export function HeaderRulesSection({ kind }: HeaderRulesSectionProps) {
  const { t } = useI18n();
  const section = useSection({
    name: `${kind}-headers`,
    segment: kind === 'request' ? 'configRequestHeader' : 'configResponseHeader',
    fromConfig: (config: DomainConfig): HeaderValues => ({
      headers: (kind === 'request' ? config.originRequestHeader : config.httpResponseHeader).headers.map((h) => ({
        ...h,
      })),
    }),
    toBody,
  });
  const rowRule = (index: number, field: keyof HeaderRow) =>
    bodyRule<HeaderValues>(HeaderRulesBodySchema, ['headers', index, field], toBody, t);

  return (
    <SectionCard
      title={t(`domain.headers.${kind}Title`)}
      description={t(`domain.headers.${kind}Description`)}
      dirty={section.dirty}
      testId={`section-${kind}-headers`}
    >
      <Form noValidate {...section.formProps}>
        <Form.List name="headers">
          {(fields, { add, remove }) => (
            <EditableRows
              fields={fields}
              emptyText={t('domain.headers.empty')}
              removeLabel={t('domain.headers.remove')}
              onRemove={remove}
              addLabel={t('domain.headers.add', { n: fields.length, max: limits.domain.headersMax })}
              onAdd={() => add({ name: '', value: '', action: 'set' })}
              addDisabled={fields.length >= limits.domain.headersMax}
              addTestId={`${kind}-header-add`}
              columns={[
                {
                  title: t('domain.headers.name'),
                  key: 'name',
                  width: '32%',
                  render: (_, field) => (
                    <Form.Item
                      name={[field.name, 'name']}
                      style={{ marginBottom: 0 }}
                      // The field's own rule and the list rule can find the same problem: show it once.
                      validateFirst
                      rules={[zodRule(HeaderRuleSchema.shape.name, t), rowRule(field.name, 'name')]}
                    >
                      <Input
                        placeholder="X-Custom-Header"
                        spellCheck={false}
                        aria-label={t('domain.headers.name')}
                        data-testid={`${kind}-header-name`}
                      />
                    </Form.Item>
                  ),
                },
                {
                  title: t('domain.headers.action'),
                  key: 'action',
                  width: 140,
                  render: (_, field) => (
                    <Form.Item
                      name={[field.name, 'action']}
                      style={{ marginBottom: 0 }}
                      rules={[zodRule(HeaderActionSchema, t)]}
                    >
                      <Select
                        aria-label={t('domain.headers.action')}
                        options={[
                          { value: 'set', label: t('domain.headers.set') },
                          { value: 'delete', label: t('domain.headers.delete') },
                        ]}
                      />
                    </Form.Item>
                  ),
                },
                {
                  title: t('domain.headers.value'),
                  key: 'value',
                  render: (_, field) => (
                    <Form.Item noStyle dependencies={[['headers', field.name, 'action']]}>
                      {({ getFieldValue }) => (
                        <Form.Item
                          name={[field.name, 'value']}
                          style={{ marginBottom: 0 }}
                          dependencies={[['headers', field.name, 'action']]}
                          rules={[rowRule(field.name, 'value')]}
                        >
                          <Input
                            disabled={getFieldValue(['headers', field.name, 'action']) === 'delete'}
                            spellCheck={false}
                            aria-label={t('domain.headers.value')}
                            data-testid={`${kind}-header-value`}
                          />
                        </Form.Item>
                      )}
                    </Form.Item>
                  ),
                },
              ]}
            />
          )}
        </Form.List>
        <SaveBar
          saving={section.saving}
          dirty={section.dirty}
          onReset={section.reset}
          testId={`domain-save-${kind}-headers`}
        />
      </Form>
    </SectionCard>
  );
}
