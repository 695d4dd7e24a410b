import {
  type CertificateCreate,
  CertificateCreateSchema,
  type CertificateDeployResult,
  type CertificateListItem,
  CertificateReplaceSchema,
} from '@edgeward/contract';
import { Alert, App, Flex, Form, Input, Modal } from 'antd';
import { useReplaceCertificate, useUploadCertificate } from '../../api/certificate';
import { PemFileButton } from '../../components/PemFileButton';
import { useI18n } from '../../i18n';
import { reportFormError, zodRule } from '../../lib/form';

export type CertificateFormTarget = { mode: 'upload' } | { mode: 'replace'; certificate: CertificateListItem };

interface CertificateFormModalProps {
  target: CertificateFormTarget | undefined;
  onClose: () => void;
  /** Instead of onClose after a replacement: it redeploys where the certificate is deployed, and the page shows how. */
  onReplaced: (certificate: CertificateListItem, results: CertificateDeployResult[]) => void;
}

const pemStyle = { fontFamily: 'monospace' } as const;

/**
 * Upload a certificate, or replace one's chain and key: name, the PEM chain and the key, each pasted or read from a
 * file. The contract's schema gives the field rules; the server's checks (key matches, chain links, dates) answer
 * under the field they concern.
 */
export function CertificateFormModal({ target, onClose, onReplaced }: CertificateFormModalProps) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const [form] = Form.useForm<CertificateCreate>();
  const upload = useUploadCertificate();
  const replace = useReplaceCertificate();
  const replacing = target?.mode === 'replace' ? target.certificate : undefined;
  const schema = replacing ? CertificateReplaceSchema : CertificateCreateSchema;

  const submit = async (values: CertificateCreate) => {
    try {
      if (replacing) {
        const answer = await replace.mutateAsync({ id: replacing.id, body: values });
        message.success(t('certificate.form.replaced'));
        onReplaced(replacing, answer.results);
      } else {
        await upload.mutateAsync(values);
        message.success(t('certificate.form.uploaded'));
        onClose();
      }
    } catch (error) {
      reportFormError(form, error);
    }
  };

  const fill = (field: 'certificate' | 'privateKey') => (text: string) => {
    form.setFieldValue(field, text);
    void form.validateFields([field]);
  };

  return (
    <Modal
      open={target !== undefined}
      title={
        replacing ? t('certificate.form.replaceTitle', { name: replacing.name }) : t('certificate.form.uploadTitle')
      }
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={replacing ? t('certificate.action.replace') : t('certificate.list.upload')}
      cancelText={t('common.cancel')}
      confirmLoading={upload.isPending || replace.isPending}
      destroyOnHidden
      width={720}
      okButtonProps={{ 'data-testid': 'certificate-form-submit' }}
    >
      {replacing ? (
        <Alert type="info" showIcon title={t('certificate.form.replaceHint')} style={{ marginBottom: 16 }} />
      ) : null}
      <Form<CertificateCreate>
        noValidate
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ name: replacing?.name ?? '', certificate: '', privateKey: '' }}
        onFinish={(values) => void submit(values)}
        data-testid="certificate-form"
      >
        <Form.Item name="name" label={t('certificate.form.name')} rules={[zodRule(schema.shape.name, t)]}>
          <Input showCount placeholder={t('certificate.form.namePlaceholder')} data-testid="certificate-form-name" />
        </Form.Item>
        <Form.Item
          label={
            <Flex gap={8} align="center">
              {t('certificate.form.certificate')}
              <PemFileButton accept=".pem,.crt,.cer" onText={fill('certificate')} testId="certificate-form-cert-file">
                {t('certificate.form.readFile')}
              </PemFileButton>
            </Flex>
          }
          extra={t('certificate.form.certificateHint')}
          required
        >
          <Form.Item name="certificate" noStyle rules={[zodRule(schema.shape.certificate, t)]}>
            <Input.TextArea
              autoSize={{ minRows: 5, maxRows: 10 }}
              spellCheck={false}
              placeholder={'-----BEGIN CERTIFICATE-----\n...\n-----END CERTIFICATE-----'}
              style={pemStyle}
              aria-label={t('certificate.form.certificate')}
              data-testid="certificate-form-cert"
            />
          </Form.Item>
        </Form.Item>
        <Form.Item
          label={
            <Flex gap={8} align="center">
              {t('certificate.form.privateKey')}
              <PemFileButton accept=".pem,.key" onText={fill('privateKey')} testId="certificate-form-key-file">
                {t('certificate.form.readFile')}
              </PemFileButton>
            </Flex>
          }
          extra={t('certificate.form.privateKeyHint')}
          required
        >
          <Form.Item name="privateKey" noStyle rules={[zodRule(schema.shape.privateKey, t)]}>
            <Input.TextArea
              autoSize={{ minRows: 5, maxRows: 10 }}
              spellCheck={false}
              autoComplete="off"
              placeholder={'-----BEGIN PRIVATE KEY-----\n...\n-----END PRIVATE KEY-----'}
              style={pemStyle}
              aria-label={t('certificate.form.privateKey')}
              data-testid="certificate-form-key"
            />
          </Form.Item>
        </Form.Item>
      </Form>
    </Modal>
  );
}
