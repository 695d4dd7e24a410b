import { Drawer, Skeleton } from 'antd';
import { useEffect } from 'react';
import { useMarkRead, useNotice } from '../../api/message';
import { MessageView } from './MessageView';

/**
 * One message. Opening it marks it read (the update call on /notice/{id}); a detail that cannot be fetched is
 * silently ignored (spec section 7): the drawer just closes.
 */
export function MessageDetailDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const notice = useNotice(id);
  const markRead = useMarkRead();
  const unread = notice.data && !notice.data.read;
  useEffect(() => {
    if (unread) markRead.mutate({ id, read: true });
  }, [unread, id, markRead.mutate]);
  useEffect(() => {
    if (notice.isError) onClose();
  }, [notice.isError, onClose]);

  return (
    <Drawer open width={560} onClose={onClose} title={notice.data?.title ?? ' '} data-testid="message-detail">
      {notice.data ? (
        <MessageView kind={notice.data.kind} time={notice.data.createDate} html={notice.data.content} />
      ) : (
        <Skeleton active />
      )}
    </Drawer>
  );
}
