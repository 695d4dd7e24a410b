import { Drawer, Flex, Skeleton, Typography } from 'antd';
import { useEffect } from 'react';
import { useMarkRead, useNotice } from '../../api/message';
import { formatTime } from '../../lib/time';
import { MessageContent } from './MessageContent';
import { MessageKindTag } from './MessageKindTag';

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
        <Flex vertical gap={16}>
          <Flex gap={8} align="center">
            <MessageKindTag kind={notice.data.kind} />
            <Typography.Text type="secondary">{formatTime(notice.data.createDate)}</Typography.Text>
          </Flex>
          <MessageContent html={notice.data.content} />
        </Flex>
      ) : (
        <Skeleton active />
      )}
    </Drawer>
  );
}
