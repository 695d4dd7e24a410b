import { type StaffOwnership, StaffOwnershipSchema } from '@edgeward/contract';
import { Alert, Button, Flex, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useVerifyOwnership } from '../../../api/admin-desk';
import { ApiError } from '../../../api/client';
import { applyServerErrors, zodRule } from '../../../lib/form';
import { useAdminI18n } from '../admin-texts';

type Outcome = { kind: 'done'; apex: string; user: string } | { kind: 'refused'; message: string };

/**
 * Ownership by hand: the apex of a domain name is marked verified for the customer who asked for its TXT record
 * (named when several did). The server's refusal (nobody asked, several asked) is shown in place, with the names.
 */
export function OwnershipTab() {
  const { t, translate } = useAdminI18n();
  const [form] = Form.useForm<StaffOwnership>();
  const verify = useVerifyOwnership();
  const [outcome, setOutcome] = useState<Outcome>();

  const submit = async (values: StaffOwnership) => {
    setOutcome(undefined);
    const body = { ...values, userName: values.userName?.trim() || undefined };
    try {
      const result = await verify.mutateAsync(body);
      setOutcome({ kind: 'done', apex: result.apexDomain, user: result.userName });
      form.resetFields();
    } catch (error) {
      if (applyServerErrors(form, error)) return;
      const message = error instanceof ApiError ? error.message : t('request.systemError');
      setOutcome({ kind: 'refused', message });
    }
  };

  return (
    <Flex vertical gap={16} style={{ maxWidth: 560 }}>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {t('adminDesk.ownership.hint')}
      </Typography.Paragraph>
      <Form<StaffOwnership> noValidate form={form} layout="vertical" name="admin-ownership" onFinish={submit}>
        <Form.Item
          name="domainName"
          label={t('adminDesk.ownership.domain')}
          rules={[zodRule(StaffOwnershipSchema.shape.domainName, translate)]}
        >
          <Input autoComplete="off" spellCheck={false} data-testid="admin-ownership-domain" />
        </Form.Item>
        <Form.Item name="userName" label={t('adminDesk.ownership.userName')}>
          <Input autoComplete="off" spellCheck={false} data-testid="admin-ownership-user" />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('adminDesk.reviews.reason')}
          rules={[zodRule(StaffOwnershipSchema.shape.reason, translate)]}
        >
          <Input.TextArea rows={3} data-testid="admin-ownership-reason" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={verify.isPending} data-testid="admin-ownership-submit">
          {t('adminDesk.ownership.submit')}
        </Button>
      </Form>
      {outcome?.kind === 'done' ? (
        <Alert
          type="success"
          showIcon
          title={t('adminDesk.ownership.done', { apex: outcome.apex, user: outcome.user })}
          data-testid="admin-ownership-result"
        />
      ) : null}
      {outcome?.kind === 'refused' ? (
        <Alert
          type="error"
          showIcon
          title={t('adminDesk.ownership.refused')}
          description={outcome.message}
          data-testid="admin-ownership-refused"
        />
      ) : null}
    </Flex>
  );
}
