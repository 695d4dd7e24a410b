import type { CacheTaskUrl } from '@edgeward/contract';
import { Modal, Table } from 'antd';
import { useCacheTask } from '../../api/preheat';
import { DataState } from '../../components/DataState';
import { useI18n } from '../../i18n';
import { CacheTaskStatusTag } from './CacheTaskStatusTag';

/** The result of each URL of one task. */
export function CacheTaskDetailModal({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useI18n();
  const task = useCacheTask(id);
  return (
    <Modal open title={t('preheat.detail.title', { id })} footer={null} onCancel={onClose} width={760}>
      <DataState remote={task} failure={t('preheat.detail.loadFailed')}>
        {(data) => (
          <Table<CacheTaskUrl>
            rowKey="url"
            size="small"
            dataSource={data.urls}
            pagination={false}
            scroll={{ x: true }}
            data-testid="cache-task-urls-result"
            columns={[
              { title: t('preheat.field.url'), dataIndex: 'url', render: (url: string) => <code>{url}</code> },
              {
                title: t('preheat.field.status'),
                dataIndex: 'status',
                render: (_, row) => <CacheTaskStatusTag status={row.status} />,
              },
              {
                title: t('preheat.field.reason'),
                dataIndex: 'reason',
                render: (reason: string | null) => reason ?? '-',
              },
            ]}
          />
        )}
      </DataState>
    </Modal>
  );
}
