import { Menu } from 'antd';
import { Link } from 'react-router';
import type { AdminRoute } from '../admin-routes';
import { useAdminI18n } from '../admin-texts';

/** The side menu (and the phone's drawer): the entries the member's role opens, already filtered. */
export function AdminMenu({
  routes,
  selected,
  onNavigate,
}: {
  routes: readonly AdminRoute[];
  selected: string | undefined;
  onNavigate?: () => void;
}) {
  const { t } = useAdminI18n();
  return (
    <Menu
      mode="inline"
      selectedKeys={selected ? [selected] : []}
      style={{ borderInlineEnd: 'none' }}
      items={routes.map(({ path, title, icon: Icon }) => ({
        key: path,
        icon: <Icon />,
        label: (
          <Link to={path} onClick={onNavigate}>
            {t(title)}
          </Link>
        ),
      }))}
      data-testid="admin-menu"
    />
  );
}
