import type { CertificateDetail } from '@edgeward/contract';
import { Descriptions, Drawer, Flex, Grid, Typography } from 'antd';
import { useCertificateDetail } from '../../api/certificate';
import { DataState } from '../../components/DataState';
import { useI18n } from '../../i18n';
import { formatTime } from '../../lib/time';
import { CertificateDownloads } from './CertificateDownloads';
import { CertificateNames, DeployedDomains } from './CertificateNames';
import { RenewalDetails } from './CertificateRenewal';
import { CertificateValidityTag } from './CertificateValidityTag';

// pre-line: node:crypto writes a distinguished name one K=V per line.
const mono = { fontFamily: 'monospace', wordBreak: 'break-all', whiteSpace: 'pre-line' } as const;

function Details({ certificate }: { certificate: CertificateDetail }) {
  const { t } = useI18n();
  return (
    <Flex vertical gap={16}>
      <Descriptions bordered size="small" column={1} data-testid="certificate-detail">
        <Descriptions.Item label={t('certificate.field.name')}>{certificate.name}</Descriptions.Item>
        <Descriptions.Item label={t('certificate.field.source')}>
          {t(`certificate.source.${certificate.source}`)}
        </Descriptions.Item>
        <Descriptions.Item label={t('certificate.field.names')}>
          <CertificateNames certificate={certificate} />
        </Descriptions.Item>
        <Descriptions.Item label={t('certificate.field.subject')}>
          <span style={mono}>{certificate.subject}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('certificate.field.issuer')}>{certificate.issuer}</Descriptions.Item>
        <Descriptions.Item label={t('certificate.field.issuerDn')}>
          <span style={mono}>{certificate.issuerDn}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('certificate.field.key')}>
          {certificate.keyType} {certificate.keyBits}
        </Descriptions.Item>
        <Descriptions.Item label={t('certificate.field.validity')}>
          <Flex gap={8} wrap align="center">
            <span>
              {formatTime(certificate.notBefore)} ~ {formatTime(certificate.notAfter)}
            </span>
            <CertificateValidityTag certificate={certificate} />
          </Flex>
        </Descriptions.Item>
        <Descriptions.Item label={t('certificate.field.deployedTo')}>
          <DeployedDomains domains={certificate.deployedDomains} />
        </Descriptions.Item>
        {certificate.renewal ? (
          <Descriptions.Item label={t('certificate.field.renewal')}>
            <RenewalDetails renewal={certificate.renewal} />
          </Descriptions.Item>
        ) : null}
        <Descriptions.Item label={t('certificate.field.fingerprint')}>
          <Typography.Text copyable style={mono}>
            {certificate.fingerprint256}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('certificate.field.serialNumber')}>
          <span style={mono}>{certificate.serialNumber}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('certificate.field.createdAt')}>
          {formatTime(certificate.createdAt)}
        </Descriptions.Item>
        <Descriptions.Item label={t('certificate.field.updatedAt')}>
          {formatTime(certificate.updatedAt)}
        </Descriptions.Item>
      </Descriptions>
      <CertificateDownloads id={certificate.id} />
    </Flex>
  );
}

/** One certificate in full: names, issuer, key, dates, deployment, fingerprint, and its downloads. */
export function CertificateDrawer({ id, onClose }: { id: number | undefined; onClose: () => void }) {
  const { t } = useI18n();
  const screens = Grid.useBreakpoint();
  const detail = useCertificateDetail(id);
  return (
    <Drawer
      open={id !== undefined}
      onClose={onClose}
      title={t('certificate.detail.title')}
      size={screens.md === false ? '100%' : 640}
      destroyOnHidden
    >
      <DataState remote={detail} failure={t('certificate.detail.loadFailed')}>
        {(certificate) => <Details certificate={certificate} />}
      </DataState>
    </Drawer>
  );
}
