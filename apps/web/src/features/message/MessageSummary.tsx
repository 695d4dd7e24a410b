import type { NoticeSummary } from '@edgeward/contract';
import { Badge, List, Space, Typography } from 'antd';
import { formatTime } from '../../lib/time';
import { MessageKindTag } from './MessageKindTag';

/** A message in a list (the message centre, the overview): unread dot, title that opens it, kind and time. */
export function MessageSummary({ message, onOpen }: { message: NoticeSummary; onOpen: (id: number) => void }) {
  return (
    <List.Item.Meta
      avatar={<Badge dot={!message.read} data-testid={message.read ? 'message-read' : 'message-unread'} />}
      title={
        <Space wrap size={4}>
          <Typography.Link onClick={() => onOpen(message.id)} strong={!message.read} data-testid="message-title">
            {message.title}
          </Typography.Link>
          <MessageKindTag kind={message.kind} />
        </Space>
      }
      description={formatTime(message.createDate)}
    />
  );
}
