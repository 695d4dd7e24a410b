import { Menu, type MenuProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useI18n } from '../../i18n';
import type { MenuNode } from '../../navigation/menu';
import { menuIcons } from './menu-icons';

export interface NavMenuProps {
  nodes: MenuNode[];
  selected: string[];
  open: string[];
  mode: 'inline' | 'horizontal';
  collapsed?: boolean;
  onNavigate?: () => void;
}

/** The console menu (side or top) from the route table, already filtered by variant and permissions. */
export function NavMenu({ nodes, selected, open, mode, collapsed = false, onNavigate }: NavMenuProps) {
  const { t } = useI18n();
  const [openKeys, setOpenKeys] = useState<string[]>(open);
  const openKey = open.join();

  // Navigating into a group (by a tab, a link, the address bar) opens it; groups the user opened stay open.
  useEffect(() => {
    if (!openKey) return;
    setOpenKeys((current) => [...new Set([...current, ...openKey.split(',')])]);
  }, [openKey]);

  const items = useMemo<MenuProps['items']>(
    () =>
      nodes.map((node) => {
        const Icon = node.icon && menuIcons[node.icon];
        const icon = Icon ? <Icon key={node.key} /> : undefined;
        if (node.children) {
          return {
            key: node.key,
            icon,
            label: t(node.title),
            children: node.children.map((child) => ({
              key: child.key,
              label: (
                <Link to={child.key} onClick={onNavigate}>
                  {t(child.title)}
                </Link>
              ),
            })),
          };
        }
        return {
          key: node.key,
          icon,
          label: (
            <Link to={node.key} onClick={onNavigate}>
              {t(node.title)}
            </Link>
          ),
        };
      }),
    [nodes, t, onNavigate],
  );

  return (
    <Menu
      mode={mode}
      items={items}
      selectedKeys={selected}
      {...(mode === 'inline' && !collapsed ? { openKeys, onOpenChange: setOpenKeys } : {})}
      style={{
        borderInlineEnd: 'none',
        ...(mode === 'horizontal' ? { flex: 1, minWidth: 0, background: 'transparent' } : {}),
      }}
      data-testid="nav-menu"
    />
  );
}
