import { MenuFoldOutlined, MenuUnfoldOutlined, ReloadOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Flex, Layout, Tooltip, theme } from 'antd';
import { Link } from 'react-router';
import { LanguageSwitcher } from '../../components/LanguageSwitcher';
import { Logo } from '../../components/Logo';
import { useI18n } from '../../i18n';
import type { LayoutMode } from '../../stores/settings';
import { AvatarMenu } from './AvatarMenu';
import { NoticeBell } from './NoticeBell';
import { NavMenu } from './SideMenu';
import type { MainMenu } from './use-main-navigation';

export const HEADER_HEIGHT = 56;

interface MainHeaderProps {
  layout: LayoutMode;
  mobile: boolean;
  collapsed: boolean;
  homePath: string;
  menu: MainMenu;
  onToggleMenu: () => void;
  onRefresh: () => void;
  onOpenSettings: () => void;
}

/** The header: the logo (unless the side menu carries it), the menu toggle or the top menu, and the tools. */
export function MainHeader({
  layout,
  mobile,
  collapsed,
  homePath,
  menu,
  onToggleMenu,
  onRefresh,
  onOpenSettings,
}: MainHeaderProps) {
  const { t } = useI18n();
  const { token } = theme.useToken();
  const expand = collapsed || mobile;
  return (
    <Layout.Header
      style={{
        height: HEADER_HEIGHT,
        lineHeight: `${HEADER_HEIGHT}px`,
        paddingInline: 16,
        display: 'flex',
        alignItems: 'center',
        gap: 12,
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      {mobile || layout !== 'side' ? (
        <Link to={homePath} aria-label="Edgeward" style={{ display: 'inline-flex', marginInlineEnd: 12 }}>
          <Logo collapsed={mobile} />
        </Link>
      ) : null}
      {layout !== 'top' ? (
        <Tooltip title={expand ? t('layout.sider.expand') : t('layout.sider.collapse')}>
          <Button
            type="text"
            aria-label={expand ? t('layout.sider.expand') : t('layout.sider.collapse')}
            icon={expand ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            onClick={onToggleMenu}
            data-testid="sider-toggle"
          />
        </Tooltip>
      ) : null}
      {layout === 'top' ? <NavMenu {...menu} mode="horizontal" /> : <div style={{ flex: 1 }} />}
      <Flex align="center" gap={4}>
        <Tooltip title={t('layout.header.refresh')}>
          <Button
            type="text"
            icon={<ReloadOutlined />}
            aria-label={t('layout.header.refresh')}
            onClick={onRefresh}
            data-testid="header-refresh"
          />
        </Tooltip>
        <NoticeBell />
        <LanguageSwitcher />
        <Tooltip title={t('layout.header.settings')}>
          <Button
            type="text"
            icon={<SettingOutlined />}
            aria-label={t('layout.header.settings')}
            onClick={onOpenSettings}
            data-testid="settings-button"
          />
        </Tooltip>
        <AvatarMenu compact={mobile} />
      </Flex>
    </Layout.Header>
  );
}
