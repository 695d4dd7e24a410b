import { type CertificateListItem, limits } from '@edgeward/contract';
import { Flex, Select, Typography } from 'antd';
import { Link } from 'react-router';
import { useCertificateList } from '../../../api/certificate';
import { DataState } from '../../../components/DataState';
import { useI18n } from '../../../i18n';
import { formatTime } from '../../../lib/time';
import { CertificateValidityTag } from '../../certificate';

interface ManagedCertificateSelectProps {
  domainName: string;
  value?: number;
  onChange?: (id: number | undefined) => void;
}

function optionOf(certificate: CertificateListItem) {
  return {
    value: certificate.id,
    // An expired certificate is shown, so that its absence is not a puzzle, but cannot be chosen.
    disabled: certificate.validity === 'expired',
    label: (
      <Flex justify="space-between" gap={8} align="center">
        <span>
          {certificate.name} · {certificate.commonName} · {formatTime(certificate.notAfter)}
        </span>
        <CertificateValidityTag certificate={certificate} />
      </Flex>
    ),
    title: certificate.name,
  };
}

/** A form control: one of the customer's managed certificates whose names cover the domain. */
export function ManagedCertificateSelect({ domainName, value, onChange }: ManagedCertificateSelectProps) {
  const { t } = useI18n();
  const covering = useCertificateList({ page: 1, size: limits.page.maxSize, covers: domainName });
  return (
    <DataState
      remote={covering}
      failure={t('certificate.list.loadFailed')}
      isEmpty={(page) => page.list.length === 0}
      empty={
        <Flex vertical gap={4} align="center" data-testid="managed-cert-none">
          <span>{t('domain.https.pickNone')}</span>
          <Link to="/certificate/manage">{t('domain.https.manageCertificates')}</Link>
        </Flex>
      }
      loading={<Select loading disabled style={{ width: '100%' }} />}
    >
      {(page) => (
        <Flex vertical gap={4}>
          <Select<number>
            allowClear
            value={value}
            onChange={(id) => onChange?.(id)}
            placeholder={t('domain.https.pickPlaceholder')}
            aria-label={t('domain.https.pickPlaceholder')}
            options={page.list.map(optionOf)}
            optionLabelProp="title"
            style={{ width: '100%' }}
            data-testid="managed-cert-select"
          />
          <Typography.Text type="secondary">
            <Link to="/certificate/manage">{t('domain.https.manageCertificates')}</Link>
          </Typography.Text>
        </Flex>
      )}
    </DataState>
  );
}
