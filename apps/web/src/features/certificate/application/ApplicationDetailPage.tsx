import { ArrowLeftOutlined } from '@ant-design/icons';
import type { CertificateApplicationDetail } from '@edgeward/contract';
import { Alert, Button, Card, Flex, Result, Typography } from 'antd';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useApplicationDetail } from '../../../api/certificate-application';
import { ApiError } from '../../../api/client';
import { Authorized } from '../../../components/Authorized';
import { DataState } from '../../../components/DataState';
import { PageContainer } from '../../../components/PageContainer';
import { useI18n } from '../../../i18n';
import { formatTime } from '../../../lib/time';
import { useTabSubject } from '../../../stores/tabs';
import { CertificateDownloads } from '../CertificateDownloads';
import { DeployResults } from '../DeployModal';
import { ApplicationActionButton } from './ApplicationActionButton';
import { ApplicationInformation } from './ApplicationInformation';
import { ApplicationStatusTag } from './ApplicationStatusTag';
import { ApplicationSteps } from './ApplicationSteps';
import { DnsCheckList, DnsRecordList } from './DnsRecords';

const LIST_PATH = '/certificate/order';

/**
 * /certificate/order/{id}/detail: an application's progress (spec section 4) and what the customer does at each
 * step: add the TXT records and verify, read what DNS held when verification failed and retry, download the
 * issued certificate. Refreshed by itself while the server works (creating, generating).
 */
export default function ApplicationDetailPage() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const params = useParams();
  const id = Number(params.id);
  const validId = Number.isInteger(id) && id > 0;
  const detail = useApplicationDetail(id);
  useTabSubject(detail.data ? `#${detail.data.id}` : undefined);

  if (!validId) return <Navigate to={LIST_PATH} replace />;
  const back = () => navigate(LIST_PATH);
  if (detail.error instanceof ApiError && detail.error.status === 404) {
    return (
      <PageContainer>
        <Result
          status="404"
          title={t('certificate.application.notFound')}
          extra={
            <Button type="primary" onClick={back}>
              {t('certificate.application.detail.backToList')}
            </Button>
          }
          data-testid="application-not-found"
        />
      </PageContainer>
    );
  }

  return (
    <PageContainer
      title={
        <Flex align="center" gap={8}>
          <Button
            type="text"
            icon={<ArrowLeftOutlined />}
            aria-label={t('certificate.application.detail.backToList')}
            onClick={back}
          />
          <span>{t('certificate.application.detail.title', { id })}</span>
        </Flex>
      }
      subTitle={detail.data ? <ApplicationStatusTag status={detail.data.status} /> : null}
    >
      <DataState remote={detail} failure={t('certificate.application.loadFailed')}>
        {(application) => <ApplicationView application={application} />}
      </DataState>
    </PageContainer>
  );
}

function ApplicationView({ application }: { application: CertificateApplicationDetail }) {
  const { t } = useI18n();
  const { status } = application;
  return (
    <Flex vertical gap={16}>
      <Card>
        <ApplicationSteps application={application} />
      </Card>
      {application.retryReason ? (
        <Alert
          type="warning"
          showIcon
          title={t('certificate.application.detail.retrying', {
            count: application.retryCount,
            reason: application.retryReason,
            time: formatTime(application.nextAttemptAt),
          })}
          data-testid="application-retrying"
        />
      ) : null}
      {status === 'creating' && !application.retryReason ? (
        <Alert type="info" showIcon title={t('certificate.application.detail.creating')} />
      ) : null}
      {status === 'generating' && !application.retryReason ? (
        <Alert type="info" showIcon title={t('certificate.application.detail.generating')} />
      ) : null}
      {status === 'expired' ? (
        <Alert
          type="warning"
          showIcon
          title={t('certificate.application.detail.expired')}
          action={
            <Authorized permissionId="certificate" action="edit">
              <ApplicationActionButton action="retry" id={application.id} />
            </Authorized>
          }
          data-testid="application-expired"
        />
      ) : null}
      {status === 'failed' ? (
        <Alert
          type="error"
          showIcon
          title={application.failureReason ?? t('certificate.application.generationFailed')}
          description={t('certificate.application.detail.retryCount', { count: application.retryCount })}
          action={
            <Authorized permissionId="certificate" action="edit">
              <ApplicationActionButton action="retry" id={application.id} />
            </Authorized>
          }
          data-testid="application-failure"
        />
      ) : null}
      {status === 'completed' ? <Issued application={application} /> : null}
      {application.records.length && status !== 'completed' ? (
        <Card
          title={t('certificate.application.detail.records')}
          extra={
            status === 'pending' ? (
              <Authorized permissionId="certificate" action="edit">
                <ApplicationActionButton action="verify" id={application.id} />
              </Authorized>
            ) : null
          }
        >
          <Flex vertical gap={12}>
            {status === 'pending' ? (
              <Typography.Text type="secondary">
                {t('certificate.application.detail.recordsHint', { expiresAt: formatTime(application.expiresAt) })}
              </Typography.Text>
            ) : null}
            <DnsRecordList records={application.records} />
          </Flex>
        </Card>
      ) : null}
      {application.dnsCheck && status !== 'completed' ? (
        <Card title={t('certificate.application.detail.dnsCheck')}>
          <DnsCheckList checks={application.dnsCheck} />
        </Card>
      ) : null}
      <ApplicationInformation application={application} />
    </Flex>
  );
}

/** A completed application: the certificate's validity, its download, and where it was deployed. */
function Issued({ application }: { application: CertificateApplicationDetail }) {
  const { t } = useI18n();
  const { certificateId } = application;
  return (
    <Card title={t('certificate.application.detail.issued')} data-testid="application-issued">
      <Flex vertical gap={16}>
        <Typography.Text>
          {t('certificate.application.detail.validity', {
            from: formatTime(application.notBefore),
            to: formatTime(application.notAfter),
          })}
        </Typography.Text>
        {certificateId === null ? null : <CertificateDownloads id={certificateId} />}
        {application.deployResults?.length ? <DeployResults results={application.deployResults} /> : null}
      </Flex>
    </Card>
  );
}
