import type { DomainStatus } from '@edgeward/contract';
import { Alert, Flex, Table, Typography } from 'antd';
import { BreakAtDots } from '../../components/BreakAtDots';
import { useI18n } from '../../i18n';
import { pendingCnameKeys } from './CnameText';

interface CnameGuideProps {
  domainName: string;
  /** From the server, which knows the public suffix list. */
  apexDomain: string;
  cname: string;
  /** Says when a CNAME not yet assigned will come. */
  status: DomainStatus | undefined;
}

/**
 * How to point the domain at the CDN: the CNAME record to add at the DNS provider, with copy buttons, and the
 * steps around it. The host record is the part of the name in front of the apex ('@' for the apex itself).
 */
export function CnameGuide({ domainName, apexDomain: apex, cname, status }: CnameGuideProps) {
  const { t } = useI18n();
  const host = domainName === apex ? '@' : domainName.slice(0, -(apex.length + 1));
  const record = { key: 'cname', host, type: 'CNAME', value: cname };
  if (!cname) {
    return <Alert type="info" showIcon title={t(pendingCnameKeys(status).hint)} data-testid="cname-guide-pending" />;
  }
  return (
    <Flex vertical gap={16}>
      <ol style={{ margin: 0, paddingInlineStart: 20, lineHeight: 1.9 }}>
        <li>{t('domain.cnameGuide.step1', { apex })}</li>
        <li>{t('domain.cnameGuide.step2')}</li>
        <li>{t('domain.cnameGuide.step3')}</li>
        <li>{t('domain.cnameGuide.step4', { domain: domainName })}</li>
      </ol>
      <Table
        size="small"
        pagination={false}
        dataSource={[record]}
        columns={[
          {
            title: t('domain.cnameGuide.host'),
            dataIndex: 'host',
            render: (value: string) => <Typography.Text copyable>{value}</Typography.Text>,
          },
          { title: t('domain.cnameGuide.type'), dataIndex: 'type' },
          {
            title: t('domain.cnameGuide.value'),
            dataIndex: 'value',
            render: (value: string) => (
              <Typography.Text copyable={{ text: value }} code data-testid="cname-record-value">
                <BreakAtDots text={value} />
              </Typography.Text>
            ),
          },
        ]}
      />
      {host === '@' ? <Alert type="warning" showIcon title={t('domain.cnameGuide.apexWarning')} /> : null}
      <Typography.Text type="secondary">
        {t('domain.dnsEffectHint')} {t('domain.cnameGuide.check', { domain: domainName, cname })}
      </Typography.Text>
    </Flex>
  );
}
