import type { CertificateRenewal } from '@edgeward/contract';
import { Flex, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { useI18n } from '../../i18n';
import { applicationPath } from './application/application-display';
import { DnsRecordList } from './application/DnsRecords';

const colors: Record<CertificateRenewal['status'], string> = {
  creating: 'processing',
  pending: 'warning',
  generating: 'processing',
  completed: 'success',
  failed: 'error',
  expired: 'error',
};

const mono = { fontFamily: 'monospace', wordBreak: 'break-all' } as const;

/** How the renewal stands, linking to its application (where it is verified or retried). */
function RenewalTag({ renewal }: { renewal: CertificateRenewal }) {
  const { t } = useI18n();
  return (
    <Link to={applicationPath(renewal.applicationId)} data-testid="certificate-renewal">
      <Tag color={colors[renewal.status]}>{t(`certificate.renewal.status.${renewal.status}`)}</Tag>
    </Link>
  );
}

/** In the list: the renewal's status and, while it waits for DNS, the records to add (name TXT value). */
export function RenewalSummary({ renewal }: { renewal: CertificateRenewal | null }) {
  if (!renewal) return null;
  return (
    <Flex vertical gap={2} align="flex-start">
      <RenewalTag renewal={renewal} />
      {renewal.records.map((record) => (
        <Typography.Text
          key={`${record.name}:${record.value}`}
          type="secondary"
          style={mono}
          data-testid="certificate-renewal-record"
        >
          {record.name} TXT {record.value}
        </Typography.Text>
      ))}
    </Flex>
  );
}

/** In the detail drawer: the renewal's status, what to do, and each record with its copy buttons. */
export function RenewalDetails({ renewal }: { renewal: CertificateRenewal }) {
  const { t } = useI18n();
  return (
    <Flex vertical gap={8} data-testid="certificate-renewal-detail">
      <Flex gap={8} align="center" wrap>
        <RenewalTag renewal={renewal} />
        <Link to={applicationPath(renewal.applicationId)}>{t('certificate.renewal.open')}</Link>
      </Flex>
      <Typography.Text type="secondary">{t(`certificate.renewal.hint.${renewal.status}`)}</Typography.Text>
      {renewal.records.length ? <DnsRecordList records={renewal.records} /> : null}
    </Flex>
  );
}
