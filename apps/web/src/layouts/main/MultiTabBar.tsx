import { App, Dropdown, Tabs, theme } from 'antd';
import { useNavigate } from 'react-router';
import { Clipped } from '../../components/Clipped';
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

/** The open pages as closable tabs; right-click (or the context-menu key) offers the close commands. */
export function MultiTabBar({ activeKey, home }: { activeKey: string | undefined; home: Tab }) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const tabs = useTabs();
  const { token } = theme.useToken();
  const ownScope = menuScopeOf(useSession().user?.cdnType);

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

  return (
    // The inline padding sits outside the tab list: on the list itself it is not counted when the list scrolls the
    // active tab into view, which then stops short under the overflow button.
    <nav
      aria-label={t('layout.tabs.label')}
      data-testid="multi-tab-bar"
      style={{ paddingInline: 16, background: token.colorBgContainer }}
    >
      <Tabs
        type="editable-card"
        hideAdd
        size="small"
        activeKey={activeKey}
        onChange={(key) => {
          const tab = tabs.find((item) => item.key === key);
          if (tab) navigate(tab.path);
        }}
        onEdit={(key, action) => {
          if (action === 'remove' && typeof key === 'string') run('close', key);
        }}
        tabBarStyle={{ margin: 0, paddingTop: 6 }}
        items={tabs.map((tab) => ({
          key: tab.key,
          closable: true,
          label: (
            <Dropdown
              trigger={['contextMenu']}
              menu={{
                items: [
                  { key: 'close', label: t('layout.tabs.closeCurrent') },
                  { key: 'closeRight', label: t('layout.tabs.closeRight') },
                  { key: 'closeLeft', label: t('layout.tabs.closeLeft') },
                  { key: 'closeAll', label: t('layout.tabs.closeAll') },
                ],
                onClick: ({ key, domEvent }) => {
                  domEvent.stopPropagation();
                  run(key as TabCommand, tab.key);
                },
              }}
            >
              <span data-testid="tab-item" data-tab-key={tab.key} data-tab-path={tab.path}>
                <Clipped text={labelOf(tab)} maxWidth={240} />
              </span>
            </Dropdown>
          ),
        }))}
      />
    </nav>
  );
}
