import type { CacheTaskStatus } from '@edgeward/contract';
import { Tag } from 'antd';
import { useI18n } from '../../i18n';

const colours: Record<CacheTaskStatus, string> = { processing: 'processing', success: 'success', failed: 'error' };

/** A task's or a URL's state (spec section 4: success, processing, failed). */
export function CacheTaskStatusTag({ status }: { status: CacheTaskStatus }) {
  const { t } = useI18n();
  return (
    <Tag color={colours[status]} data-testid="cache-task-status" style={{ marginInlineEnd: 0 }}>
      {t(`preheat.status.${status}`)}
    </Tag>
  );
}
