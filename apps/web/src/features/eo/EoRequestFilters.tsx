import { limits } from '@edgeward/contract';
import { Checkbox, Form, Input, Radio } from 'antd';
import { useI18n } from '../../i18n';
import { SectionCard } from '../domain';
import type { SecurityFormValues } from './security-form';
import { useSecurityRule } from './use-security-rule';

/** The CDN's filters, on the edge platform too: referer, IP and user agent. */
export function EoRequestFilters() {
  const { t } = useI18n();
  const form = Form.useFormInstance<SecurityFormValues>();
  const rule = useSecurityRule();
  const refererType = Form.useWatch(['referer', 'type'], form);
  const ipType = Form.useWatch(['ipFilter', 'type'], form);
  const uaType = Form.useWatch(['userAgentFilter', 'type'], form);
  return (
    <>
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
              <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} spellCheck={false} data-testid="eo-referer-list" />
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
    </>
  );
}
