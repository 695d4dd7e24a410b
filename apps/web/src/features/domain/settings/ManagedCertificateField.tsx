import { Form } from 'antd';
import type { RuleRender } from 'antd/es/form';
import { useI18n } from '../../../i18n';
import { ManagedCertificateSelect } from './ManagedCertificateSelect';

/** One of the customer's managed certificates covering the domain, deployed to it on save. */
export function ManagedCertificateField({ domainName }: { domainName: string }) {
  const { t } = useI18n();
  /** Needed when HTTPS is to be on without an installed certificate, or when the installed one is replaced. */
  const pickRule: RuleRender = (form) => ({
    validator: (_rule: unknown, value: number | undefined) =>
      value === undefined && (form.getFieldValue('https') === true || form.getFieldValue('replace') === true)
        ? Promise.reject(new Error(t('domain.https.pickRequired')))
        : Promise.resolve(),
  });
  return (
    <Form.Item
      name="certificateId"
      label={t('domain.https.pick')}
      rules={[pickRule]}
      dependencies={['https', 'replace']}
      required
    >
      <ManagedCertificateSelect domainName={domainName} />
    </Form.Item>
  );
}
