import type { CertificateInfo } from '@edgeward/contract';
import { Checkbox, Descriptions, Flex, Form, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useI18n } from '../../../i18n';
import { formatTime } from '../../../lib/time';

/** Days before expiry from which the certificate is shown as expiring. */
const EXPIRING_DAYS = 30;

/** The certificate installed on the domain: names, issuer, validity and how long it has left. */
function CertificateSummary({ certificate }: { certificate: CertificateInfo }) {
  const { t } = useI18n();
  const daysLeft = dayjs(certificate.notAfter).diff(dayjs(), 'day');
  const state =
    certificate.notAfter < Date.now()
      ? { color: 'error', text: t('domain.https.certExpired') }
      : daysLeft < EXPIRING_DAYS
        ? { color: 'warning', text: t('domain.https.certExpiring', { days: daysLeft }) }
        : { color: 'success', text: t('domain.https.certValid') };
  return (
    <Descriptions bordered size="small" column={1} data-testid="https-certificate">
      <Descriptions.Item label={t('domain.https.certName')}>{certificate.name}</Descriptions.Item>
      <Descriptions.Item label={t('domain.https.certSubjects')}>
        <Flex gap={4} wrap>
          {certificate.subjects.map((subject) => (
            <Tag key={subject}>{subject}</Tag>
          ))}
        </Flex>
      </Descriptions.Item>
      <Descriptions.Item label={t('domain.https.certIssuer')}>{certificate.issuer}</Descriptions.Item>
      <Descriptions.Item label={t('domain.https.certValidity')}>
        <Space wrap>
          <span>
            {formatTime(certificate.notBefore)} ~ {formatTime(certificate.notAfter)}
          </span>
          <Tag color={state.color}>{state.text}</Tag>
        </Space>
      </Descriptions.Item>
    </Descriptions>
  );
}

/** The certificate on the domain with the choice to replace it, or that there is none yet. */
export function InstalledCertificate({ certificate }: { certificate: CertificateInfo | null | undefined }) {
  const { t } = useI18n();
  if (!certificate)
    return <Typography.Paragraph type="secondary">{t('domain.https.noCertificate')}</Typography.Paragraph>;
  return (
    <Flex vertical gap={12} style={{ marginBottom: 16 }}>
      <CertificateSummary certificate={certificate} />
      <Form.Item name="replace" valuePropName="checked" noStyle>
        <Checkbox data-testid="cert-replace">{t('domain.https.replace')}</Checkbox>
      </Form.Item>
    </Flex>
  );
}
