import {
  type CertificateApplicationCreateInput,
  CertificateApplicationCreateSchema,
  type CertificateApplicationOptions,
  certificateKeyTypes,
  namesCover,
} from '@edgeward/contract';
import { Alert, App, Form, Modal, Radio, Select } from 'antd';
import { Link } from 'react-router';
import { useApplicationOptions, useCreateApplication } from '../../../api/certificate-application';
import { DataState } from '../../../components/DataState';
import { useI18n } from '../../../i18n';
import { reportFormError, zodRule } from '../../../lib/form';

interface NewApplicationModalProps {
  open: boolean;
  onClose: () => void;
  /** The application was made: the page opens its detail, where its records appear. */
  onCreated: (id: number) => void;
}

type Values = Required<CertificateApplicationCreateInput>;

const shape = CertificateApplicationCreateSchema.shape;

/**
 * A new certificate application: the names (under the apexes the customer has verified, wildcards allowed, more
 * typed freely), RSA or ECC, and optionally the domains to deploy the issued certificate to, among those the names
 * cover. The contract's schema gives the field rules; the server's refusals answer under the field.
 */
export function NewApplicationModal({ open, onClose, onCreated }: NewApplicationModalProps) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const options = useApplicationOptions(open);
  const create = useCreateApplication();

  const submit = async (values: Values) => {
    try {
      const detail = await create.mutateAsync(values);
      message.success(t('certificate.application.form.created'));
      onCreated(detail.id);
    } catch (error) {
      reportFormError(form, error);
    }
  };

  return (
    <Modal
      open={open}
      title={t('certificate.application.form.title')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('certificate.application.form.submit')}
      cancelText={t('common.cancel')}
      confirmLoading={create.isPending}
      okButtonProps={{ disabled: !options.data?.apexDomains.length, 'data-testid': 'application-form-submit' }}
      destroyOnHidden
      width={640}
    >
      <DataState remote={options} failure={t('certificate.application.form.optionsFailed')}>
        {(data) =>
          data.apexDomains.length ? (
            <ApplicationForm form={form} options={data} onFinish={(values) => void submit(values)} />
          ) : (
            <Alert
              type="info"
              showIcon
              title={t('certificate.application.form.noApex')}
              description={<Link to="/domain/create">{t('certificate.application.form.addDomain')}</Link>}
              data-testid="application-no-apex"
            />
          )
        }
      </DataState>
    </Modal>
  );
}

function ApplicationForm({
  form,
  options,
  onFinish,
}: {
  form: ReturnType<typeof Form.useForm<Values>>[0];
  options: CertificateApplicationOptions;
  onFinish: (values: Values) => void;
}) {
  const { t } = useI18n();
  const names = Form.useWatch('domainNames', form) ?? [];
  const nameOptions = options.apexDomains.flatMap((apex) => [apex, `*.${apex}`]).map((value) => ({ value }));
  const covered = options.domains.filter((domain) => namesCover(names, domain.domainName));

  return (
    <Form<Values>
      noValidate
      form={form}
      layout="vertical"
      preserve={false}
      initialValues={{ domainNames: [], keyType: 'RSA', deployDomainIds: [] }}
      onFinish={onFinish}
      onValuesChange={(changed) => {
        // Domains the names no longer cover drop out of the deployment.
        if (!('domainNames' in changed)) return;
        const next = changed.domainNames as string[];
        const chosen = (form.getFieldValue('deployDomainIds') as number[]).filter((id) =>
          options.domains.some((domain) => domain.id === id && namesCover(next, domain.domainName)),
        );
        form.setFieldValue('deployDomainIds', chosen);
      }}
      data-testid="application-form"
    >
      <Form.Item
        name="domainNames"
        label={t('certificate.application.field.domainNames')}
        extra={t('certificate.application.form.namesHint', { apexes: options.apexDomains.join(', ') })}
        rules={[zodRule(shape.domainNames, t)]}
      >
        <Select
          mode="tags"
          tokenSeparators={[',', ' ']}
          options={nameOptions}
          placeholder={t('certificate.application.form.namesPlaceholder')}
          aria-label={t('certificate.application.field.domainNames')}
          data-testid="application-form-names"
        />
      </Form.Item>
      <Form.Item name="keyType" label={t('certificate.application.field.keyType')} rules={[zodRule(shape.keyType, t)]}>
        <Radio.Group
          optionType="button"
          options={certificateKeyTypes.map((value) => ({
            value,
            label: t(`certificate.application.keyType.${value}`),
          }))}
          data-testid="application-form-key-type"
        />
      </Form.Item>
      <Form.Item
        name="deployDomainIds"
        label={t('certificate.application.field.deployDomains')}
        extra={t('certificate.application.form.deployHint')}
        rules={[zodRule(shape.deployDomainIds, t)]}
      >
        <Select
          mode="multiple"
          allowClear
          disabled={covered.length === 0}
          placeholder={t('certificate.application.form.deployPlaceholder')}
          aria-label={t('certificate.application.field.deployDomains')}
          options={covered.map((domain) => ({ value: domain.id, label: domain.domainName }))}
          optionFilterProp="label"
          data-testid="application-form-deploy"
        />
      </Form.Item>
    </Form>
  );
}
