import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Flex, List, Popover, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useNotices } from '../../api/message';
import { useI18n } from '../../i18n';
import { formatTime } from '../../lib/time';
import { useUnreadCount } from '../../stores/unread';

/** How many unread messages the hover card lists; the rest are a click away in /msg. */
const DRAWER_SIZE = 5;

/** The hover card's unread messages, read while it is open; a failure only leaves the link to /msg. */
function UnreadDrawer({ count, open }: { count: number; open: boolean }) {
  const { t } = useI18n();
  const unread = useNotices('unread', 0, DRAWER_SIZE, open && count > 0);
  return (
    <Flex vertical gap={8} style={{ width: 320 }} data-testid="notice-drawer">
      <Typography.Text strong>
        {count > 0 ? t('layout.header.unread', { count }) : t('layout.header.noUnread')}
      </Typography.Text>
      {count > 0 && unread.isPending ? <Skeleton active paragraph={{ rows: 2 }} title={false} /> : null}
      {count > 0 && unread.data ? (
        <List
          size="small"
          dataSource={unread.data.list}
          renderItem={(m) => (
            <List.Item style={{ paddingInline: 0 }} data-testid="notice-drawer-item">
              <Flex vertical style={{ minWidth: 0 }}>
                <Link to="/msg">
                  <Typography.Text ellipsis style={{ maxWidth: 300 }}>
                    {m.title}
                  </Typography.Text>
                </Link>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {formatTime(m.createDate)}
                </Typography.Text>
              </Flex>
            </List.Item>
          )}
        />
      ) : null}
      <Link to="/msg" data-testid="notice-view-all">
        {t('layout.header.viewAll')}
      </Link>
    </Flex>
  );
}

/**
 * The bell (spec section 2): unread badge, a drawer of unread messages on hover or focus, a click (or Enter) opens the
 * message centre.
 */
export function NoticeBell() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const count = useUnreadCount();
  const [open, setOpen] = useState(false);
  return (
    <Popover
      placement="bottomRight"
      // The focus too: a keyboard reaches the bell and sees the same unread list (Enter opens the message centre).
      trigger={['hover', 'focus']}
      open={open}
      onOpenChange={setOpen}
      content={<UnreadDrawer count={count} open={open} />}
    >
      <Button
        type="text"
        // The badge's number is the button's visible text: the name says it, and what it counts.
        aria-label={
          count > 0 ? t('layout.header.messagesUnread', { count: Math.min(count, 99) }) : t('layout.header.messages')
        }
        data-testid="notice-bell"
        onClick={() => {
          setOpen(false);
          navigate('/msg');
        }}
        icon={
          <Badge count={count} size="small" overflowCount={99} data-testid="notice-badge">
            <BellOutlined style={{ fontSize: 16 }} />
          </Badge>
        }
      />
    </Popover>
  );
}
