import type { RealNameStatus } from '@edgeward/contract';
import { Descriptions, Flex, Grid, Space, Typography } from 'antd';
import { Link } from 'react-router';
import { SampleTag } from '../../components/SampleTag';
import { useI18n } from '../../i18n';
import { formatTime } from '../../lib/time';

/** The state of verification and the identity it was made with, masked as the server sends it. */
export function MaskedIdentity({ status, withLink }: { status: RealNameStatus; withLink?: boolean }) {
  const { t } = useI18n();
  // On a phone the labels go above their values: beside them, the masked number had one character per line.
  const phone = Grid.useBreakpoint().sm === false;
  const pending = !status.verified && status.attempt?.status === 'pending';
  const state = status.verified
    ? t('identity.state.verified')
    : pending
      ? t('identity.state.pending')
      : t('identity.state.unverified');
  return (
    <Descriptions
      column={1}
      size="small"
      bordered
      layout={phone ? 'vertical' : 'horizontal'}
      data-testid="real-name-summary"
    >
      <Descriptions.Item label={t('identity.field.state')}>
        <Space>
          <Typography.Text type={status.verified ? 'success' : 'warning'} data-testid="real-name-state">
            {state}
          </Typography.Text>
          {withLink && !status.verified ? (
            <Link to="/real-name" data-testid="real-name-link">
              {t(pending ? 'identity.action.continue' : 'identity.action.verify')}
            </Link>
          ) : null}
        </Space>
      </Descriptions.Item>
      {status.verified ? (
        <Descriptions.Item label={t('identity.field.identity')}>
          {status.identity ? (
            <Flex wrap gap={8} align="center" data-testid="real-name-identity">
              <span>{status.identity.realName}</span>
              <span style={{ whiteSpace: 'nowrap' }}>{status.identity.idNumber}</span>
              {status.sample ? <SampleTag /> : null}
            </Flex>
          ) : (
            t('identity.identity.none')
          )}
        </Descriptions.Item>
      ) : null}
      {status.verifiedAt ? (
        <Descriptions.Item label={t('identity.field.verifiedAt')}>{formatTime(status.verifiedAt)}</Descriptions.Item>
      ) : null}
    </Descriptions>
  );
}
