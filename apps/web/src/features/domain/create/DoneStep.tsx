import type { DomainDetail } from '@edgeward/contract';
import { Button, Descriptions, Flex, Result, Space, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useDomainDetail } from '../../../api/domain';
import { LoadError } from '../../../components/DataState';
import { useI18n } from '../../../i18n';
import { useConsoleVariant } from '../../../navigation/variant';
import { CnameGuide } from '../CnameGuide';
import { CnameText } from '../CnameText';
import { DomainStatusTag } from '../DomainStatusTag';
import { listPath, settingsPath } from '../paths';

/** The domain created: its CNAME to set up and its state while the edge brings it up. */
export function DoneStep({ created, onAnother }: { created: DomainDetail; onAnother: () => void }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const variant = useConsoleVariant();
  // The edge platform's detail is its settings' four parts: the answer of the create call is what this step shows.
  const detail = useDomainDetail(created.id, variant === 'cdn');
  const domain = detail.data ?? created;
  return (
    <Result
      status="success"
      title={t('domain.create.doneTitle', { domain: domain.domainName })}
      subTitle={t('domain.create.doneSubtitle')}
      extra={[
        <Button key="settings" type="primary" onClick={() => navigate(settingsPath(domain.id, 'basic', variant))}>
          {t('domain.create.configure')}
        </Button>,
        <Button key="list" onClick={() => navigate(listPath(variant))} data-testid="create-back-to-list">
          {t('domain.backToList')}
        </Button>,
        <Button key="another" onClick={onAnother}>
          {t('domain.create.another')}
        </Button>,
      ]}
    >
      <Flex vertical gap={16} style={{ textAlign: 'start', maxWidth: 760, margin: '0 auto' }}>
        {detail.error ? (
          <LoadError banner title={t('domain.create.statusLoadFailed')} error={detail.error} onRetry={detail.refetch} />
        ) : null}
        <Descriptions bordered size="middle" column={1}>
          <Descriptions.Item label={t('domain.field.domainName')}>{domain.domainName}</Descriptions.Item>
          <Descriptions.Item label={t('domain.field.cname')}>
            <CnameText cname={domain.cname} status={domain.status} code />
          </Descriptions.Item>
          <Descriptions.Item label={t('domain.field.status')}>
            <Space>
              <DomainStatusTag status={domain.status} reason={domain.statusReason} />
              <Typography.Text type="secondary">{t(`domain.create.statusHint.${domain.status}`)}</Typography.Text>
            </Space>
          </Descriptions.Item>
        </Descriptions>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('domain.cnameGuide.title')}
        </Typography.Title>
        <CnameGuide
          domainName={domain.domainName}
          apexDomain={domain.apexDomain}
          cname={domain.cname}
          status={domain.status}
        />
      </Flex>
    </Result>
  );
}
