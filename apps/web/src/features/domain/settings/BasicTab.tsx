import type { DomainDetail } from '@edgeward/contract';
import { Alert, Descriptions, Flex, Grid, Tag, Typography } from 'antd';
import { BreakAtDots } from '../../../components/BreakAtDots';
import { useI18n } from '../../../i18n';
import { formatTime } from '../../../lib/time';
import { CnameGuide } from '../CnameGuide';
import { CnameText } from '../CnameText';
import { DomainStatusTag } from '../DomainStatusTag';
import { SectionCard } from './SectionCard';
import { useSettings } from './settings-context';

/** What the domain is and how to point it at the CDN; nothing here is edited. */
export function BasicTab({ detail }: { detail: DomainDetail }) {
  const { t } = useI18n();
  const { config } = useSettings();
  const phone = Grid.useBreakpoint().sm === false;
  return (
    <Flex vertical gap={16}>
      <SectionCard title={t('domain.basic.title')}>
        <Descriptions
          column={{ xs: 1, md: 2 }}
          bordered
          size="middle"
          // On a phone each label above its value: beside it, names and CNAMEs had a column a third of the screen wide.
          layout={phone ? 'vertical' : 'horizontal'}
        >
          <Descriptions.Item label={t('domain.field.domainName')}>
            <Typography.Text strong>
              <BreakAtDots text={config.domainName} />
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('domain.field.cname')}>
            <CnameText cname={config.cname} status={detail.status} code />
          </Descriptions.Item>
          <Descriptions.Item label={t('domain.field.status')}>
            <DomainStatusTag status={detail.status} reason={detail.statusReason} />
          </Descriptions.Item>
          <Descriptions.Item label={t('domain.field.type')}>{t(`domain.type.${detail.type}`)}</Descriptions.Item>
          <Descriptions.Item label={t('domain.field.https')}>
            <Tag color={config.https === 'on' ? 'success' : 'default'}>
              {t(config.https === 'on' ? 'domain.switch.on' : 'domain.switch.off')}
            </Tag>
          </Descriptions.Item>
          <Descriptions.Item label={t('domain.field.createdAt')}>{formatTime(detail.createdAt)}</Descriptions.Item>
          <Descriptions.Item label={t('domain.field.updatedAt')}>{formatTime(config.updatedAt)}</Descriptions.Item>
          <Descriptions.Item label={t('domain.field.configVersion')}>{config.configVersion}</Descriptions.Item>
        </Descriptions>
        {detail.statusReason && (detail.status === 'abnormal' || detail.status === 'review_rejected') ? (
          <Alert
            type="error"
            showIcon
            style={{ marginTop: 16 }}
            title={t(`domain.status.${detail.status}`)}
            description={detail.statusReason}
          />
        ) : null}
      </SectionCard>
      <SectionCard title={t('domain.cnameGuide.title')} description={t('domain.cnameGuide.description')}>
        <CnameGuide
          domainName={config.domainName}
          apexDomain={config.apexDomain}
          cname={config.cname}
          status={detail?.status}
        />
      </SectionCard>
    </Flex>
  );
}
