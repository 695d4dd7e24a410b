import type { TicketStatus } from '@edgeward/contract';
import { Tag } from 'antd';
import { useI18n } from '../../i18n';

const colors: Record<TicketStatus, string> = {
  processing: 'processing',
  completed: 'success',
  closed: 'default',
  appeal: 'warning',
};

export function TicketStatusTag({ status }: { status: TicketStatus }) {
  const { t } = useI18n();
  return (
    <Tag color={colors[status]} data-testid="ticket-status">
      {t(`support.status.${status}`)}
    </Tag>
  );
}
