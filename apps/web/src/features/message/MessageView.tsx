import type { MessageKind } from '@edgeward/contract';
import { Flex, Typography } from 'antd';
import { formatTime } from '../../lib/time';
import { MessageContent } from './MessageContent';
import { MessageKindTag } from './MessageKindTag';

/**
 * A message as the message centre shows it under its title: its kind, its time and its sanitized HTML. The operator
 * console's notice preview draws the server's preview with it, so that the staff see what the customer will.
 */
export function MessageView({ kind, time, html }: { kind: MessageKind; time: number; html: string }) {
  return (
    <Flex vertical gap={16}>
      <Flex gap={8} align="center">
        <MessageKindTag kind={kind} />
        <Typography.Text type="secondary">{formatTime(time)}</Typography.Text>
      </Flex>
      <MessageContent html={html} />
    </Flex>
  );
}
