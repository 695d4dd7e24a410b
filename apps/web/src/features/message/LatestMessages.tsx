import { List } from 'antd';
import { useCallback, useState } from 'react';
import { useNotices } from '../../api/message';
import { DataState, LoadingState } from '../../components/DataState';
import { useI18n } from '../../i18n';
import { MessageDetailDrawer } from './MessageDetailDrawer';
import { MessageSummary } from './MessageSummary';

const latestCount = 5;

/** The overview's newest messages, read or not; a title opens the message in place (and marks it read). */
export function LatestMessages() {
  const { t } = useI18n();
  const notices = useNotices('all', 0, latestCount);
  const [opened, setOpened] = useState<number>();
  const close = useCallback(() => setOpened(undefined), []);
  return (
    <>
      <DataState
        remote={notices}
        failure={t('message.latest.failed')}
        isEmpty={(data) => data.list.length === 0}
        empty={t('message.latest.empty')}
        loading={<LoadingState paragraph={{ rows: 3 }} />}
      >
        {(data) => (
          <List
            size="small"
            dataSource={data.list}
            data-testid="latest-messages"
            renderItem={(m) => (
              <List.Item data-testid="latest-message">
                <MessageSummary message={m} onOpen={setOpened} />
              </List.Item>
            )}
          />
        )}
      </DataState>
      {opened !== undefined ? <MessageDetailDrawer id={opened} onClose={close} /> : null}
    </>
  );
}
