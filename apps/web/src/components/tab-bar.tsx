import type { TabsProps } from 'antd';

/**
 * antd gives `role="tablist"` to the whole tab bar, around its overflow button, close buttons and extra content, and
 * a tab list may hold only tabs (WCAG 4.1.2; axe's aria-required-children). The role moves to the list of tabs
 * inside. React writes an attribute only when its value changes, so the move holds across renders.
 */
function tabListOnTabsOnly(nav: HTMLDivElement | null) {
  const list = nav?.querySelector(':scope > .ant-tabs-nav-wrap > .ant-tabs-nav-list');
  if (!nav || !list) return;
  list.setAttribute('role', 'tablist');
  list.setAttribute('aria-orientation', nav.getAttribute('aria-orientation') ?? 'horizontal');
  nav.removeAttribute('role');
  nav.removeAttribute('aria-orientation');
}

/** Every `Tabs` of the console draws its bar through this (`renderTabBar={accessibleTabBar}`). */
export const accessibleTabBar: NonNullable<TabsProps['renderTabBar']> = (props, DefaultTabBar) => (
  <DefaultTabBar {...props} {...{ ref: tabListOnTabsOnly }} />
);
