import {
  CheckCircleOutlined,
  ClockCircleOutlined,
  CloseCircleOutlined,
  MinusCircleOutlined,
  SyncOutlined,
} from '@ant-design/icons';
import type { CertificateApplicationStatus } from '@edgeward/contract';
import { Tag, type TagProps } from 'antd';
import type { ReactNode } from 'react';
import { useI18n } from '../../../i18n';

const looks: Record<CertificateApplicationStatus, { color: TagProps['color']; icon: ReactNode }> = {
  creating: { color: 'processing', icon: <SyncOutlined spin /> },
  pending: { color: 'warning', icon: <ClockCircleOutlined /> },
  generating: { color: 'processing', icon: <SyncOutlined spin /> },
  completed: { color: 'success', icon: <CheckCircleOutlined /> },
  failed: { color: 'error', icon: <CloseCircleOutlined /> },
  expired: { color: 'default', icon: <MinusCircleOutlined /> },
};

/** An application's status (spec section 4) as a coloured tag; the raw status is in data-status for tests. */
export function ApplicationStatusTag({ status }: { status: CertificateApplicationStatus }) {
  const { t } = useI18n();
  const { color, icon } = looks[status];
  return (
    <Tag color={color} icon={icon} data-testid="application-status" data-status={status} style={{ marginInlineEnd: 0 }}>
      {t(`certificate.application.status.${status}`)}
    </Tag>
  );
}
