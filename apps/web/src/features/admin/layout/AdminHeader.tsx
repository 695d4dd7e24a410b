import { LogoutOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import type { StaffMe } from '@edgeward/contract';
import { App, Button, Flex, Layout, Tag, Typography, theme } from 'antd';
import { Link, useNavigate } from 'react-router';
import { LanguageSwitcher } from '../../../components/LanguageSwitcher';
import { Logo } from '../../../components/Logo';
import { ADMIN_LOGIN_PATH, staffLogout } from '../../../stores/staff-session';
import { useAdminI18n } from '../admin-texts';

export const ADMIN_HEADER_HEIGHT = 56;

/** The member's name and role, in the header (and, on a phone, at the top of the menu drawer). */
export function StaffBadge({ me }: { me: StaffMe }) {
  const { t } = useAdminI18n();
  return (
    <Flex align="center" gap={8} style={{ minWidth: 0 }} data-testid="admin-staff-badge">
      <Typography.Text ellipsis style={{ maxWidth: 160 }}>
        {me.userName}
      </Typography.Text>
      <Tag color="blue" style={{ marginInlineEnd: 0 }}>
        {t(`admin.role.${me.role}`)}
      </Tag>
    </Flex>
  );
}

/**
 * The operator console's header: the product and the console's name, the member and their role, the language and
 * sign-out; on a phone the menu's button, and the member is named in the menu's drawer instead.
 */
export function AdminHeader({ me, mobile, onOpenMenu }: { me: StaffMe; mobile: boolean; onOpenMenu: () => void }) {
  const { t } = useAdminI18n();
  const { token } = theme.useToken();
  const { modal } = App.useApp();
  const navigate = useNavigate();

  const signOut = () =>
    modal.confirm({
      title: t('layout.logout.confirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await staffLogout();
        navigate(ADMIN_LOGIN_PATH, { replace: true });
      },
    });

  return (
    <Layout.Header
      style={{
        height: ADMIN_HEADER_HEIGHT,
        lineHeight: `${ADMIN_HEADER_HEIGHT}px`,
        paddingInline: mobile ? 8 : 16,
        display: 'flex',
        alignItems: 'center',
        gap: mobile ? 4 : 12,
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      {mobile ? (
        <Button
          type="text"
          icon={<MenuUnfoldOutlined />}
          aria-label={t('admin.layout.openMenu')}
          onClick={onOpenMenu}
          data-testid="admin-menu-toggle"
        />
      ) : null}
      <Link to="/admin" aria-label={t('admin.layout.home')} style={{ display: 'inline-flex' }}>
        <Logo collapsed={mobile} />
      </Link>
      <Typography.Text type="secondary" strong ellipsis style={{ minWidth: 0 }} data-testid="admin-console-name">
        {t('admin.layout.console')}
      </Typography.Text>
      <div style={{ flex: 1 }} />
      {mobile ? null : <StaffBadge me={me} />}
      <LanguageSwitcher />
      <Button
        type="text"
        icon={<LogoutOutlined />}
        aria-label={mobile ? t('admin.layout.signOut') : undefined}
        onClick={signOut}
        data-testid="admin-sign-out"
      >
        {mobile ? null : t('admin.layout.signOut')}
      </Button>
    </Layout.Header>
  );
}
