import type { CertificateApplicationDetail, CertificateApplicationRecord } from '@edgeward/contract';
import { Card, Descriptions, Flex, Tag, Typography } from 'antd';
import { useI18n } from '../../../i18n';

type DnsCheck = NonNullable<CertificateApplicationDetail['dnsCheck']>[number];

const mono = { fontFamily: 'monospace', wordBreak: 'break-all' } as const;

/** The TXT records to add at the DNS provider, each part with a copy button (the host as DNS consoles ask for it). */
export function DnsRecordList({ records }: { records: CertificateApplicationRecord[] }) {
  const { t } = useI18n();
  return (
    <Flex vertical gap={12} data-testid="application-records">
      {records.map((record) => (
        <Card key={`${record.name}:${record.value}`} size="small" data-testid="application-record">
          <Descriptions size="small" column={1}>
            <Descriptions.Item label={t('certificate.application.record.for')}>{record.domainName}</Descriptions.Item>
            <Descriptions.Item label={t('certificate.application.record.type')}>{record.type}</Descriptions.Item>
            <Descriptions.Item label={t('certificate.application.record.host')}>
              <Typography.Text copyable style={mono} data-testid="application-record-host">
                {record.host}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('certificate.application.record.name')}>
              <Typography.Text copyable style={mono} data-testid="application-record-name">
                {record.name}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('certificate.application.record.value')}>
              <Typography.Text copyable style={mono} data-testid="application-record-value">
                {record.value}
              </Typography.Text>
            </Descriptions.Item>
          </Descriptions>
        </Card>
      ))}
    </Flex>
  );
}

/** What the last verification found at each record's name, next to what was expected. */
export function DnsCheckList({ checks }: { checks: DnsCheck[] }) {
  const { t } = useI18n();
  return (
    <Flex vertical gap={12} data-testid="application-dns-check">
      {checks.map((check) => (
        <Card key={`${check.name}:${check.expected}`} size="small" data-testid="application-dns-check-item">
          <Descriptions size="small" column={1}>
            <Descriptions.Item label={t('certificate.application.record.name')}>
              <span style={mono}>{check.name}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('certificate.application.check.outcome')}>
              {check.failure === null ? (
                <Tag color="success">{t('certificate.application.check.ok')}</Tag>
              ) : (
                <Tag color="error">{t(`certificate.application.check.${check.failure}`)}</Tag>
              )}
            </Descriptions.Item>
            <Descriptions.Item label={t('certificate.application.check.expected')}>
              <span style={mono}>{check.expected}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('certificate.application.check.found')}>
              {check.found.length ? (
                <Flex vertical gap={2} data-testid="application-dns-found">
                  {check.found.map((value) => (
                    <span key={value} style={mono}>
                      {value}
                    </span>
                  ))}
                </Flex>
              ) : (
                <Typography.Text type="secondary">{t('certificate.application.check.nothing')}</Typography.Text>
              )}
            </Descriptions.Item>
          </Descriptions>
        </Card>
      ))}
    </Flex>
  );
}
