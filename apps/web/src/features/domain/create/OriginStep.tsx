import type { DomainDetail } from '@edgeward/contract';
import { App, Button, Flex, Form, Typography } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../../api/client';
import { useCreateDomain } from '../../../api/domain';
import { useI18n } from '../../../i18n';
import { errorIdOf, serverFieldErrors } from '../../../lib/form';
import { useConsoleVariant } from '../../../navigation/variant';
import { applyConfigErrors } from '../domain-form';
import { OriginCheckAlert, OriginFields, type OriginFormValues, originBody, originDefaults } from '../OriginFields';
import type { Basics } from './NameStep';

/** The origin, then the creation: a refusal goes back to the step it concerns (the name, the verification). */
export function OriginStep({
  basics,
  onBack,
  onNotVerified,
  onNameRefused,
  onCreated,
}: {
  basics: Basics;
  onBack: () => void;
  onNotVerified: () => void;
  onNameRefused: (message: string) => void;
  onCreated: (detail: DomainDetail) => void;
}) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const [form] = Form.useForm<OriginFormValues>();
  const create = useCreateDomain(useConsoleVariant());
  const [originFailed, setOriginFailed] = useState(false);

  const submit = async () => {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    const origin = originBody(form.getFieldsValue(true));
    create.mutate(
      { domainName: basics.domainName, type: basics.type, origin },
      {
        onSuccess: (detail) => {
          setOriginFailed(false);
          onCreated(detail);
        },
        onError: (error) => {
          const id = errorIdOf(error);
          const text = error instanceof ApiError ? error.message : t('request.systemError');
          setOriginFailed(id === 'ORIGIN_UNREACHABLE');
          if (id === 'ORIGIN_UNREACHABLE') return;
          if (id === 'DOMAIN_NOT_VERIFIED') {
            message.error(text);
            onNotVerified();
            return;
          }
          const fields = serverFieldErrors(error) ?? {};
          if (id === 'DOMAIN_TAKEN' || fields.domainName) {
            onNameRefused(fields.domainName ?? text);
            return;
          }
          // Origin field errors (origin.ipOrDomain.<i>, origin.httpPort...) go under the fields of this step.
          const own = Object.entries(fields)
            .filter(([path]) => path.startsWith('origin.'))
            .map(([path, m]) => [path.slice('origin.'.length), m]);
          const shown =
            own.length > 0 && applyConfigErrors(form, { fields: Object.fromEntries(own) }, t, ['ipOrDomain']);
          if (!shown) message.error(text);
        },
      },
    );
  };

  return (
    <Form<OriginFormValues>
      noValidate
      form={form}
      layout="vertical"
      name="domain-create-origin"
      initialValues={originDefaults}
      onFinish={() => void submit()}
    >
      <Typography.Paragraph type="secondary">{t('domain.create.originIntro')}</Typography.Paragraph>
      <OriginFields domainName={basics.domainName} />
      {originFailed ? (
        <div style={{ marginBottom: 16 }}>
          <OriginCheckAlert onRetry={() => void submit()} retrying={create.isPending} />
        </div>
      ) : null}
      <Flex gap={8}>
        <Button onClick={onBack} disabled={create.isPending}>
          {t('domain.create.previous')}
        </Button>
        <Button type="primary" htmlType="submit" loading={create.isPending} data-testid="create-submit">
          {t('domain.create.submit')}
        </Button>
      </Flex>
    </Form>
  );
}
