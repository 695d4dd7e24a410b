import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Flex, Popover, Typography } from 'antd';
import { Link, useNavigate } from 'react-router';
import { useI18n } from '../../i18n';
import { useUnreadCount } from '../../stores/unread';

/** The bell: unread badge, a hover card with the count, a click (or Enter) opens the message centre. */
export function NoticeBell() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const count = useUnreadCount();
  return (
    <Popover
      placement="bottomRight"
      trigger="hover"
      content={
        <Flex vertical gap={8} style={{ minWidth: 220 }}>
          <Typography.Text>
            {count > 0 ? t('layout.header.unread', { count }) : t('layout.header.noUnread')}
          </Typography.Text>
          <Link to="/msg">{t('layout.header.viewAll')}</Link>
        </Flex>
      }
    >
      <Button
        type="text"
        aria-label={t('layout.header.messages')}
        data-testid="notice-bell"
        onClick={() => navigate('/msg')}
        icon={
          <Badge count={count} size="small" overflowCount={99} data-testid="notice-badge">
            <BellOutlined style={{ fontSize: 16 }} />
          </Badge>
        }
      />
    </Popover>
  );
}
