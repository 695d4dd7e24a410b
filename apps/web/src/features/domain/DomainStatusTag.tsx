import {
  CheckCircleOutlined,
  ClockCircleOutlined,
  CloseCircleOutlined,
  ExclamationCircleOutlined,
  MinusCircleOutlined,
  SyncOutlined,
} from '@ant-design/icons';
import type { DomainStatus } from '@edgeward/contract';
import { Tag, type TagProps, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useI18n } from '../../i18n';

const looks: Record<DomainStatus, { color: TagProps['color']; icon: ReactNode }> = {
  creating: { color: 'processing', icon: <SyncOutlined spin /> },
  configuring: { color: 'processing', icon: <SyncOutlined spin /> },
  enabled: { color: 'success', icon: <CheckCircleOutlined /> },
  disabled: { color: 'default', icon: <MinusCircleOutlined /> },
  deleting: { color: 'warning', icon: <SyncOutlined spin /> },
  abnormal: { color: 'error', icon: <ExclamationCircleOutlined /> },
  under_review: { color: 'warning', icon: <ClockCircleOutlined /> },
  review_rejected: { color: 'error', icon: <CloseCircleOutlined /> },
};

/**
 * A domain status as a coloured tag, the same everywhere. `reason` (the operator's or the edge's explanation of a
 * rejected or abnormal domain) shows on hover. The raw status is in data-status for tests.
 */
export function DomainStatusTag({ status, reason }: { status: DomainStatus; reason?: string | null }) {
  const { t } = useI18n();
  const { color, icon } = looks[status];
  const tag = (
    <Tag color={color} icon={icon} data-testid="domain-status" data-status={status} style={{ marginInlineEnd: 0 }}>
      {t(`domain.status.${status}`)}
    </Tag>
  );
  return reason ? <Tooltip title={reason}>{tag}</Tooltip> : tag;
}
