import type { EoDomainConfig } from '@edgeward/contract';
import { App, Flex, Form, Typography } from 'antd';
import { useEffect } from 'react';
import { useSaveEoPart } from '../../api/eo';
import { useI18n } from '../../i18n';
import { reportFormError } from '../../lib/form';
import { SaveBar } from '../domain';
import { AttackDefences, ClientFiltering, FrequencyControl } from './EoDefences';
import { EoRequestFilters } from './EoRequestFilters';
import { type SecurityFormValues, toFormValues, toSecurityBody } from './security-form';

/**
 * The security policy tab: the CDN's referer, IP and user-agent filters, then the edge platform's adaptive frequency
 * control (with its 7-day baseline), client filtering, bandwidth abuse and slow-attack defence. Every field is
 * checked with the contract's SecurityPolicySchema, as the server checks the save.
 */
export function EoSecurityPolicyForm({ domain }: { domain: EoDomainConfig }) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const [form] = Form.useForm<SecurityFormValues>();
  const save = useSaveEoPart(domain.id, 'security');
  const policy = domain.securityPolicy;
  useEffect(() => form.setFieldsValue(toFormValues(policy)), [form, policy]);
  const submit = async (values: SecurityFormValues) => {
    try {
      await save.mutateAsync(toSecurityBody(values));
      message.success(t('eo.security.saved'));
    } catch (error) {
      reportFormError(form, error);
    }
  };

  return (
    <Form
      noValidate
      form={form}
      layout="vertical"
      initialValues={toFormValues(policy)}
      onFinish={submit}
      style={{ maxWidth: 760 }}
      data-testid="eo-security-form"
    >
      <Flex vertical gap={16}>
        <EoRequestFilters />
        <FrequencyControl baseline={policy.baseline} />
        <ClientFiltering />
        <AttackDefences />
        <Typography.Text type="secondary">{t('eo.security.blocking')}</Typography.Text>
        <SaveBar saving={save.isPending} dirty={false} onReset={() => form.resetFields()} testId="eo-security-save" />
      </Flex>
    </Form>
  );
}
