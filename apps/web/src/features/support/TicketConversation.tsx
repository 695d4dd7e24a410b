import type { TicketDetail, TicketImage, TicketReply } from '@edgeward/contract';
import { Card, Flex, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { formatTime } from '../../lib/time';
import { TicketImages, type UseImage } from './TicketImages';

interface Entry {
  key: string;
  author: TicketReply['author'];
  content: string;
  images: TicketImage[];
  createdAt: number;
}

/**
 * A ticket's description, then the replies of both sides, oldest first; texts as text, never as HTML. The reader's
 * own side (`own`) stands indented from the left, the other side from the right. The customer's console and the
 * operator console's ticket desk draw it, each with its own names, image reader and test ids.
 */
export function TicketConversation(props: {
  ticket: TicketDetail;
  own: TicketReply['author'];
  authorLabel: (author: TicketReply['author']) => ReactNode;
  useImage?: UseImage;
  testIdPrefix?: string;
}) {
  const { ticket, own, testIdPrefix = '' } = props;
  const entries: Entry[] = [
    { key: 'd', author: 'customer', content: ticket.description, images: ticket.images, createdAt: ticket.createdAt },
    ...ticket.replies.map((r) => ({ ...r, key: String(r.id) })),
  ];
  return (
    <Flex vertical gap={12} data-testid={`${testIdPrefix}ticket-conversation`}>
      {entries.map((e) => (
        <Card
          key={e.key}
          size="small"
          data-testid={`${testIdPrefix}ticket-entry-${e.author}`}
          style={e.author === own ? { marginLeft: 32 } : { marginRight: 32 }}
          title={
            <Space wrap>
              <Typography.Text strong>{props.authorLabel(e.author)}</Typography.Text>
              <Typography.Text type="secondary">{formatTime(e.createdAt)}</Typography.Text>
            </Space>
          }
        >
          <Flex vertical gap={8}>
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0, overflowWrap: 'anywhere' }}>
              {e.content}
            </Typography.Paragraph>
            <TicketImages images={e.images} useImage={props.useImage} />
          </Flex>
        </Card>
      ))}
    </Flex>
  );
}
