import { CheckCircleFilled, CloseCircleFilled, LoadingOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import type { VerificationStatus, VerifyRecord } from '@edgeward/contract';
import { Alert, Button, Descriptions, Flex, Tag, Typography } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../../api/client';
import { useVerifyRecord } from '../../../api/domain';
import { useI18n } from '../../../i18n';

/** The proof of control: the TXT record to add at the apex, and the check that finds it. */
export function VerifyStep({
  domainName,
  record,
  onBack,
  onNext,
}: {
  domainName: string;
  record: VerifyRecord;
  onBack: () => void;
  onNext: () => void;
}) {
  const { t } = useI18n();
  const verify = useVerifyRecord();
  const [outcome, setOutcome] = useState<{ status: VerificationStatus; message?: string }>({ status: 'pending' });
  const status: VerificationStatus = verify.isPending ? 'validating' : outcome.status;

  const run = () =>
    verify.mutate(domainName, {
      onSuccess: (result) =>
        setOutcome({
          status: result.status,
          ...(result.status === 'failed' ? { message: result.message ?? t('domain.verify.failed') } : {}),
        }),
      onError: (error) =>
        setOutcome({
          status: 'failed',
          message: error instanceof ApiError ? error.message : t('domain.verify.failed'),
        }),
    });

  return (
    <Flex vertical gap={16}>
      <Typography.Paragraph style={{ margin: 0 }}>
        {t('domain.create.verifyIntro', { apex: record.apexDomain })}
      </Typography.Paragraph>
      <Descriptions bordered size="middle" column={1}>
        <Descriptions.Item label={t('domain.create.recordType')}>
          <Tag>{record.recordType}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('domain.create.recordHost')}>
          <Typography.Text copyable code data-testid="verify-txt-host">
            {record.host}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ marginInlineStart: 8 }}>
            ({record.name})
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('domain.create.recordValue')}>
          <Typography.Text copyable code data-testid="verify-txt-value" style={{ wordBreak: 'break-all' }}>
            {record.value}
          </Typography.Text>
        </Descriptions.Item>
      </Descriptions>
      <Alert type="info" showIcon title={t('domain.dnsEffectHint')} />
      <VerificationState status={status} message={outcome.message} />
      <Flex gap={8}>
        <Button onClick={onBack}>{t('domain.create.previous')}</Button>
        <Button
          type={status === 'success' ? 'default' : 'primary'}
          icon={<SafetyCertificateOutlined />}
          loading={verify.isPending}
          onClick={run}
          data-testid="verify-button"
        >
          {t('domain.create.verify')}
        </Button>
        <Button type="primary" disabled={status !== 'success'} onClick={onNext} data-testid="create-next">
          {t('domain.create.next')}
        </Button>
      </Flex>
    </Flex>
  );
}

/** The four verification states of spec section 4, each with its colour and words. */
function VerificationState({ status, message }: { status: VerificationStatus; message?: string | undefined }) {
  const { t } = useI18n();
  const look = {
    pending: { type: 'info', icon: undefined, text: t('domain.verify.pending') },
    validating: { type: 'info', icon: <LoadingOutlined />, text: t('domain.verify.validating') },
    success: { type: 'success', icon: <CheckCircleFilled />, text: t('domain.verify.success') },
    failed: { type: 'error', icon: <CloseCircleFilled />, text: message ?? t('domain.verify.failed') },
  } as const;
  const { type, icon, text } = look[status];
  return (
    <div data-testid="verify-status" data-status={status} aria-live="polite">
      <Alert type={type} showIcon {...(icon ? { icon } : {})} title={text} />
    </div>
  );
}
