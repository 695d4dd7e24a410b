import type { CertificateApplicationDetail } from '@edgeward/contract';
import { Card, Descriptions, Typography } from 'antd';
import { useI18n } from '../../../i18n';
import { formatTime } from '../../../lib/time';
import { CertificateNames, DeployedDomains } from '../CertificateNames';
import { ApplicationStatusTag } from './ApplicationStatusTag';
import { namesOf } from './application-display';

/** Everything recorded of an application: its names, key, retries and the time of each step. */
export function ApplicationInformation({ application }: { application: CertificateApplicationDetail }) {
  const { t } = useI18n();
  const { status } = application;
  return (
    <Card title={t('certificate.application.detail.information')}>
      <Descriptions bordered size="small" column={{ xs: 1, md: 2 }} data-testid="application-information">
        <Descriptions.Item label={t('certificate.application.field.id')}>
          <Typography.Text copyable>{String(application.id)}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('certificate.application.field.status')}>
          <ApplicationStatusTag status={status} />
        </Descriptions.Item>
        <Descriptions.Item label={t('certificate.application.field.domainNames')}>
          <CertificateNames certificate={namesOf(application)} />
        </Descriptions.Item>
        <Descriptions.Item label={t('certificate.application.field.keyType')}>
          {t(`certificate.application.keyType.${application.keyType}`)}
        </Descriptions.Item>
        <Descriptions.Item label={t('certificate.application.field.retryCount')}>
          <span data-testid="application-retry-count">{application.retryCount}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('certificate.application.field.deployDomains')}>
          <DeployedDomains domains={application.deployDomains} />
        </Descriptions.Item>
        <Descriptions.Item label={t('certificate.application.field.createdAt')}>
          {formatTime(application.createdAt)}
        </Descriptions.Item>
        <Descriptions.Item label={t('certificate.application.field.recordsAt')}>
          {formatTime(application.recordsAt)}
        </Descriptions.Item>
        <Descriptions.Item label={t('certificate.application.field.verifiedAt')}>
          {formatTime(application.verifiedAt)}
        </Descriptions.Item>
        <Descriptions.Item label={t('certificate.application.field.completedAt')}>
          {formatTime(application.completedAt)}
        </Descriptions.Item>
        <Descriptions.Item label={t('certificate.application.field.updatedAt')}>
          {formatTime(application.updatedAt)}
        </Descriptions.Item>
        {application.nextAttemptAt !== null ? (
          <Descriptions.Item label={t('certificate.application.field.nextAttemptAt')}>
            <span data-testid="application-next-attempt">{formatTime(application.nextAttemptAt)}</span>
          </Descriptions.Item>
        ) : null}
        {status === 'pending' ? (
          <Descriptions.Item label={t('certificate.application.field.expiresAt')}>
            {formatTime(application.expiresAt)}
          </Descriptions.Item>
        ) : null}
      </Descriptions>
    </Card>
  );
}
