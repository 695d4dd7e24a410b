import type { CertificateDomainRef, CertificateListItem } from '@edgeward/contract';
import { Flex, Tag, Tooltip, Typography } from 'antd';
import { Link } from 'react-router';
import { Clipped } from '../../components/Clipped';
import { useI18n } from '../../i18n';
import { settingsPath } from '../domain';

/** Names beyond these are counted ('+4'), all of them on hover, so a certificate with 100 SANs keeps one row. */
const SHOWN = 2;

/** The subject's common name, then the SANs other than it. */
export function CertificateNames({
  certificate,
}: {
  certificate: Pick<CertificateListItem, 'commonName' | 'dnsNames'>;
}) {
  const others = certificate.dnsNames.filter((name) => name !== certificate.commonName);
  const shown = others.slice(0, SHOWN);
  const rest = others.slice(SHOWN);
  return (
    <Flex vertical gap={4} style={{ minWidth: 0 }}>
      <Typography.Text strong>
        <Clipped text={certificate.commonName || '-'} maxWidth={240} />
      </Typography.Text>
      {others.length ? (
        <Flex gap={4} wrap>
          {shown.map((name) => (
            <Tag key={name} style={{ marginInlineEnd: 0 }}>
              <Clipped text={name} maxWidth={200} />
            </Tag>
          ))}
          {rest.length ? (
            <Tooltip title={rest.join(', ')}>
              <Tag style={{ marginInlineEnd: 0 }}>+{rest.length}</Tag>
            </Tooltip>
          ) : null}
        </Flex>
      ) : null}
    </Flex>
  );
}

/** The domains the certificate is deployed to, each a link to its HTTPS settings; 'Not deployed' otherwise. */
export function DeployedDomains({ domains }: { domains: CertificateDomainRef[] }) {
  const { t } = useI18n();
  if (domains.length === 0) return <Typography.Text type="secondary">{t('certificate.notDeployed')}</Typography.Text>;
  return (
    <Flex gap={4} wrap data-testid="certificate-deployed">
      {domains.map((domain) => (
        <Tag key={domain.id} color="blue" style={{ marginInlineEnd: 0 }}>
          <Link to={settingsPath(domain.id, 'https')}>
            <Clipped text={domain.domainName} maxWidth={200} />
          </Link>
        </Tag>
      ))}
    </Flex>
  );
}
