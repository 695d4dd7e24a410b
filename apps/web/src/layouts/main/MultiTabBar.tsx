import { CloseOutlined } from '@ant-design/icons';
import { App, Dropdown, Tabs, theme } from 'antd';
import { type KeyboardEvent, type MouseEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { Clipped } from '../../components/Clipped';
import { accessibleTabBar } from '../../components/tab-bar';
import { type TextKey, useI18n } from '../../i18n';
import { menuScopeOf } from '../../navigation/route-table';
import { useSession } from '../../stores/session';
import {
  closeAll,
  closeLeft,
  closeRight,
  closeTab,
  type Tab,
  type TabNotice,
  type TabOutcome,
} from '../../stores/tab-list';
import { tabsStore, useTabs } from '../../stores/tabs';

const noticeText: Record<TabNotice, TextKey> = {
  lastTab: 'layout.tabs.lastTab',
  noLeft: 'layout.tabs.noLeft',
  noRight: 'layout.tabs.noRight',
};

type TabCommand = 'close' | 'closeLeft' | 'closeRight' | 'closeAll';

/** The tab's key of an event inside a tab of the bar (its label carries it). */
function tabKeyOf(target: EventTarget): string | undefined {
  const tab = (target as HTMLElement).closest?.('[role="tab"]');
  return tab?.querySelector<HTMLElement>('[data-tab-key]')?.dataset.tabKey;
}

/**
 * The open pages as tabs. A tab closes by its cross, by Delete while it has the focus, or from its context menu
 * (right-click, or the context-menu key or Shift+F10 on the focused tab), which also closes the others. The cross is
 * drawn inside the tab and hidden from assistive technology: a button beside the tab would sit in the tab list,
 * which may hold only tabs.
 */
export function MultiTabBar({ activeKey, home }: { activeKey: string | undefined; home: Tab }) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const tabs = useTabs();
  const { token } = theme.useToken();
  const ownScope = menuScopeOf(useSession().user?.cdnType);
  const [menuOf, setMenuOf] = useState<string>();

  // The object first, so that a long label cut short still tells two pages of one kind apart; the variant only
  // on pages of the console variant that is not the user's own.
  const labelOf = (tab: Tab) => {
    const variant = tab.scope && tab.scope !== ownScope ? t(`layout.tabs.variant.${tab.scope}`) : null;
    const title = variant ? `${t(tab.title)} (${variant})` : t(tab.title);
    return tab.subject ? `${tab.subject} · ${title}` : title;
  };

  const apply = (outcome: TabOutcome) => {
    if (outcome.notice) {
      message.warning({ content: t(noticeText[outcome.notice]), key: 'multi-tab' });
      return;
    }
    tabsStore.set(outcome.tabs);
    if (outcome.navigate) navigate(outcome.navigate);
  };

  const run = (command: TabCommand, key: string) => {
    const current = tabsStore.get();
    if (command === 'close') apply(closeTab(current, key, activeKey));
    else if (command === 'closeLeft') apply(closeLeft(current, key, activeKey));
    else if (command === 'closeRight') apply(closeRight(current, key, activeKey));
    else apply(closeAll(current, home, activeKey));
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const key = event.key === 'Delete' ? tabKeyOf(event.target) : undefined;
    if (!key) return;
    event.preventDefault();
    run('close', key);
  };

  // A context menu asked from the keyboard comes from the focused tab, outside the label the menu listens on.
  const onContextMenu = (event: MouseEvent) => {
    const key = tabKeyOf(event.target);
    if (!key) return;
    event.preventDefault();
    setMenuOf(key);
  };

  return (
    // The inline padding sits outside the tab list: on the list itself it is not counted when the list scrolls the
    // active tab into view, which then stops short under the overflow button.
    <nav
      aria-label={t('layout.tabs.label')}
      data-testid="multi-tab-bar"
      style={{ paddingInline: 16, background: token.colorBgContainer }}
      onKeyDown={onKeyDown}
      onContextMenu={onContextMenu}
    >
      <Tabs
        renderTabBar={accessibleTabBar}
        type="card"
        size="small"
        activeKey={activeKey}
        onChange={(key) => {
          const tab = tabs.find((item) => item.key === key);
          if (tab) navigate(tab.path);
        }}
        tabBarStyle={{ margin: 0, paddingTop: 6 }}
        items={tabs.map((tab) => ({
          key: tab.key,
          label: (
            <Dropdown
              trigger={['contextMenu']}
              // Into the menu once open, so the arrow keys and Enter choose in it and Escape returns to the tab.
              autoFocus
              open={menuOf === tab.key}
              onOpenChange={(open) => setMenuOf(open ? tab.key : undefined)}
              menu={{
                items: [
                  { key: 'close', label: t('layout.tabs.closeCurrent') },
                  { key: 'closeRight', label: t('layout.tabs.closeRight') },
                  { key: 'closeLeft', label: t('layout.tabs.closeLeft') },
                  { key: 'closeAll', label: t('layout.tabs.closeAll') },
                ],
                onClick: ({ key, domEvent }) => {
                  domEvent.stopPropagation();
                  setMenuOf(undefined);
                  run(key as TabCommand, tab.key);
                },
              }}
            >
              <span>
                <span data-testid="tab-item" data-tab-key={tab.key} data-tab-path={tab.path}>
                  <Clipped text={labelOf(tab)} maxWidth={240} />
                </span>
                <CloseOutlined
                  aria-hidden
                  data-testid="tab-close"
                  title={t('layout.tabs.closeCurrent')}
                  style={{ marginInlineStart: 4, padding: 4, fontSize: 10, color: token.colorTextTertiary }}
                  onClick={(event) => {
                    event.stopPropagation();
                    run('close', tab.key);
                  }}
                />
              </span>
            </Dropdown>
          ),
        }))}
      />
    </nav>
  );
}
