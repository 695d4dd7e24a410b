import { LogoutOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import { App, Avatar, Button, Dropdown } from 'antd';
import { useNavigate } from 'react-router';
import { useI18n } from '../../i18n';
import { logout, useSession } from '../../stores/session';

/** The avatar with the user's name: personal settings, and log out after a confirmation. */
export function AvatarMenu({ compact }: { compact: boolean }) {
  const { t } = useI18n();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const { user } = useSession();

  const confirmLogout = () =>
    modal.confirm({
      title: t('layout.logout.confirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await logout();
        navigate('/user/login', { replace: true });
      },
    });

  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{
        items: [
          {
            key: 'settings',
            icon: <SettingOutlined />,
            label: t('layout.avatar.settings'),
            'data-testid': 'avatar-menu-settings',
          },
          { type: 'divider' },
          {
            key: 'logout',
            icon: <LogoutOutlined />,
            label: t('layout.avatar.logout'),
            'data-testid': 'avatar-menu-logout',
          },
        ],
        onClick: ({ key }) => {
          if (key === 'settings') navigate('/account/settings');
          else confirmLogout();
        },
      }}
    >
      <Button
        type="text"
        // Named after what it shows (the user name, where there is room for it), then what it opens.
        aria-label={compact || !user ? t('layout.avatar.menu') : `${user.userName} · ${t('layout.avatar.menu')}`}
        data-testid="avatar-menu"
        style={{ paddingInline: 8 }}
      >
        <Avatar size="small" src={user?.avatar || undefined} icon={<UserOutlined />} alt="" />
        {compact ? null : (
          <span style={{ maxWidth: 140, overflow: 'hidden', textOverflow: 'ellipsis' }}>{user?.userName}</span>
        )}
      </Button>
    </Dropdown>
  );
}
