import type { CertificateListItem } from '@edgeward/contract';
import { Tag } from 'antd';
import { useI18n } from '../../i18n';

const DAY_MS = 86_400_000;

/** Valid, expiring within 30 days (with the days left) or expired, as the server judged it for this answer. */
export function CertificateValidityTag({
  certificate,
}: {
  certificate: Pick<CertificateListItem, 'validity' | 'notAfter'>;
}) {
  const { t } = useI18n();
  if (certificate.validity === 'expired') {
    return (
      <Tag color="error" data-testid="certificate-validity">
        {t('certificate.validity.expired')}
      </Tag>
    );
  }
  if (certificate.validity === 'expiring') {
    const days = Math.max(0, Math.floor((certificate.notAfter - Date.now()) / DAY_MS));
    return (
      <Tag color="warning" data-testid="certificate-validity">
        {t('certificate.validity.expiring', { days })}
      </Tag>
    );
  }
  return (
    <Tag color="success" data-testid="certificate-validity">
      {t('certificate.validity.valid')}
    </Tag>
  );
}
