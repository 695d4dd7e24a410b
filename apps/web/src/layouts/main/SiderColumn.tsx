import { Layout, theme } from 'antd';
import { Link } from 'react-router';
import { Logo } from '../../components/Logo';
import { HEADER_HEIGHT } from './MainHeader';
import { NavMenu } from './SideMenu';
import type { MainMenu } from './use-main-navigation';

export const SIDER_WIDTH = 232;
const SIDER_COLLAPSED_WIDTH = 64;

interface SiderColumnProps {
  menu: MainMenu;
  collapsed: boolean;
  /** The side layout puts the logo above the menu; the mixed one has it in the header. */
  withLogo: boolean;
  homePath: string;
  /** Where a fixed menu sticks; without it the menu scrolls with the page. */
  stickyTop: number | undefined;
}

/**
 * The side menu. The column behind it carries its background and border to the bottom of the page: the sticky menu
 * itself is one window high, and a page longer than the window would otherwise show the menu's colour stop under it.
 */
export function SiderColumn({ menu, collapsed, withLogo, homePath, stickyTop }: SiderColumnProps) {
  const { token } = theme.useToken();
  return (
    <div
      style={{
        flex: 'none',
        background: token.colorBgContainer,
        borderInlineEnd: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      <Layout.Sider
        width={SIDER_WIDTH}
        collapsedWidth={SIDER_COLLAPSED_WIDTH}
        collapsed={collapsed}
        trigger={null}
        collapsible
        theme="light"
        style={{
          background: 'transparent',
          ...(stickyTop === undefined
            ? {}
            : { position: 'sticky', top: stickyTop, height: `calc(100vh - ${stickyTop}px)`, overflow: 'auto' }),
        }}
        data-testid="side-menu"
      >
        {withLogo ? (
          <Link
            to={homePath}
            aria-label="Edgeward"
            style={{ display: 'flex', alignItems: 'center', height: HEADER_HEIGHT, paddingInline: collapsed ? 18 : 20 }}
          >
            <Logo collapsed={collapsed} />
          </Link>
        ) : null}
        <NavMenu {...menu} mode="inline" collapsed={collapsed} />
      </Layout.Sider>
    </div>
  );
}
