import { type AccelerationType, AccelerationTypeSchema, DomainNameSchema, type VerifyRecord } from '@edgeward/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Form, type FormInstance, Input, Radio, Space, Tooltip, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { fetchVerifyRecord, useCanCreateWholeSite, useDomainLimit, useDomainTypes } from '../../../api/domain';
import { DataState, LoadingState } from '../../../components/DataState';
import { RealNameRequired, useRealNameVerified } from '../../../components/RealNameRequired';
import { useI18n } from '../../../i18n';
import { reportFormError, zodRule } from '../../../lib/form';

/** What the first step asks: the name and the kind of acceleration. */
export interface Basics {
  domainName: string;
  type: AccelerationType;
}

/** The first step: the name (checked against the names already added) and the kind of acceleration. */
export function NameStep({
  form,
  refusal,
  onNext,
}: {
  form: FormInstance<Basics>;
  /** Why the server refused the name at the last step: shown under the name once the step is back. */
  refusal: string | null;
  onNext: (basics: Basics, record: VerifyRecord) => void;
}) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const types = useDomainTypes();
  const wholeSite = useCanCreateWholeSite();
  const limit = useDomainLimit();
  const [checking, setChecking] = useState(false);
  const limitReached = limit.data ? limit.data.used >= limit.data.max : false;
  const verified = useRealNameVerified();

  // The step mounts again with its values (the form is the flow's); the refusal goes under the name field.
  useEffect(() => {
    if (refusal) form.setFields([{ name: 'domainName', errors: [refusal] }]);
  }, [form, refusal]);

  const submit = async (values: Basics) => {
    const parsed = DomainNameSchema.safeParse(values.domainName);
    if (!parsed.success) return;
    const domainName = parsed.data;
    setChecking(true);
    try {
      const record = await fetchVerifyRecord(queryClient, domainName);
      onNext({ domainName, type: values.type }, record);
    } catch (error) {
      // A name already added is refused here, on the first step, under the name.
      reportFormError(form, error, { DOMAIN_TAKEN: 'domainName' });
    } finally {
      setChecking(false);
    }
  };

  return (
    <Form<Basics>
      noValidate
      form={form}
      layout="vertical"
      name="domain-create-name"
      initialValues={{ domainName: '', type: 'web' }}
      onFinish={submit}
      preserve
    >
      {verified ? null : <RealNameRequired banner reason={t('identity.required.domain')} />}
      {limitReached ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('errors.DOMAIN_LIMIT_REACHED')}
          description={t('domain.create.limitHint', { max: limit.data?.max ?? 0 })}
        />
      ) : null}
      <Form.Item
        name="domainName"
        label={t('domain.create.domainName')}
        extra={t('domain.create.domainNameHint')}
        rules={[zodRule(DomainNameSchema, t)]}
      >
        <Input
          autoFocus
          placeholder="www.example.com"
          spellCheck={false}
          autoCapitalize="off"
          data-testid="create-domain-name"
        />
      </Form.Item>
      <Form.Item name="type" label={t('domain.create.type')} rules={[zodRule(AccelerationTypeSchema, t)]}>
        <DataState
          remote={types}
          failure={t('domain.create.typesLoadFailed')}
          loading={<LoadingState paragraph={{ rows: 2 }} title={false} />}
        >
          {(available) => (
            <Radio.Group style={{ width: '100%' }} data-testid="create-domain-type">
              <Flex vertical gap={8}>
                {available.map((type) => {
                  const blocked = type === 'whole_site' && wholeSite.data?.allowed !== true;
                  const option = (
                    <Radio key={type} value={type} disabled={blocked} data-testid={`domain-type-${type}`}>
                      <Space orientation="vertical" size={0}>
                        <Typography.Text strong disabled={blocked}>
                          {t(`domain.type.${type}`)}
                        </Typography.Text>
                        <Typography.Text type="secondary">{t(`domain.typeHint.${type}`)}</Typography.Text>
                      </Space>
                    </Radio>
                  );
                  return blocked ? (
                    <Tooltip key={type} title={wholeSite.data?.reason ?? t('errors.WHOLE_SITE_NOT_ALLOWED')}>
                      <span>{option}</span>
                    </Tooltip>
                  ) : (
                    <span key={type}>{option}</span>
                  );
                })}
              </Flex>
            </Radio.Group>
          )}
        </DataState>
      </Form.Item>
      <Button
        type="primary"
        htmlType="submit"
        loading={checking}
        disabled={limitReached || !verified}
        data-testid="create-next"
      >
        {t('domain.create.next')}
      </Button>
    </Form>
  );
}
