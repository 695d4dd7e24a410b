import { Flex, Form, Input } from 'antd';
import type { RuleRender } from 'antd/es/form';
import { PemFileButton } from '../../../components/PemFileButton';
import { useI18n } from '../../../i18n';
import type { CertField } from './https-values';

/** A certificate pasted as PEM or read from files: its name, the chain and the private key. */
export function PastedCertificateFields({
  rule,
  onText,
}: {
  rule: (field: CertField) => RuleRender;
  /** A file's text read into a field. */
  onText: (field: CertField) => (text: string) => void;
}) {
  const { t } = useI18n();
  const fileButton = (field: CertField, accept: string) => (
    <PemFileButton accept={accept} onText={onText(field)}>
      {t('domain.https.readFile')}
    </PemFileButton>
  );
  return (
    <>
      <Form.Item
        name={['certificate', 'name']}
        label={t('domain.https.certName')}
        extra={t('domain.https.pasteKept')}
        rules={[rule('name')]}
        dependencies={['https']}
      >
        <Input showCount placeholder={t('domain.https.certNamePlaceholder')} data-testid="cert-name" />
      </Form.Item>
      <Form.Item
        label={
          <Flex gap={8} align="center">
            {t('domain.https.certContent')}
            {fileButton('certificate', '.pem,.crt,.cer')}
          </Flex>
        }
        required={false}
      >
        <Form.Item name={['certificate', 'certificate']} noStyle rules={[rule('certificate')]} dependencies={['https']}>
          <Input.TextArea
            autoSize={{ minRows: 5, maxRows: 12 }}
            spellCheck={false}
            placeholder={'-----BEGIN CERTIFICATE-----\n...\n-----END CERTIFICATE-----'}
            style={{ fontFamily: 'monospace' }}
            data-testid="cert-content"
          />
        </Form.Item>
      </Form.Item>
      <Form.Item
        label={
          <Flex gap={8} align="center">
            {t('domain.https.certKey')}
            {fileButton('privateKey', '.pem,.key')}
          </Flex>
        }
        extra={t('domain.https.certKeyHint')}
      >
        <Form.Item name={['certificate', 'privateKey']} noStyle rules={[rule('privateKey')]} dependencies={['https']}>
          <Input.TextArea
            autoSize={{ minRows: 5, maxRows: 12 }}
            spellCheck={false}
            autoComplete="off"
            placeholder={'-----BEGIN PRIVATE KEY-----\n...\n-----END PRIVATE KEY-----'}
            style={{ fontFamily: 'monospace' }}
            data-testid="cert-key"
          />
        </Form.Item>
      </Form.Item>
    </>
  );
}
