import { Drawer } from 'antd';
import { Logo } from '../../components/Logo';
import { NavMenu } from './SideMenu';
import { SIDER_WIDTH } from './SiderColumn';
import type { MainMenu } from './use-main-navigation';

/** On a phone the menu slides in from the left and closes once a page is chosen. */
export function MobileMenu({ menu, open, onClose }: { menu: MainMenu; open: boolean; onClose: () => void }) {
  return (
    <Drawer
      placement="left"
      open={open}
      onClose={onClose}
      size={SIDER_WIDTH + 40}
      styles={{ body: { padding: 0 } }}
      title={<Logo />}
    >
      <NavMenu {...menu} mode="inline" onNavigate={onClose} />
    </Drawer>
  );
}
