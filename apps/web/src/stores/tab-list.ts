/**
 * The multi-tab bar's rules, pure: each operation returns the new list, where to navigate (when the active tab
 * went away) and the notice to show when nothing could be closed.
 */
export interface Tab {
  /** One tab per page: usually the path; pages with in-page tabs (domain settings) share one key across them. */
  key: string;
  /** Where the tab leads: the last full path (with search) seen under this key. */
  path: string;
  /** Message key of the title. */
  title: string;
  /** The object the page shows (a domain's name), so that two pages of one kind can be told apart. */
  subject?: string;
  /** The console variant of the page, for pages that exist in both (/domain and /eodomain). */
  scope?: 'cdn' | 'eo';
}

export type TabNotice = 'lastTab' | 'noLeft' | 'noRight';

export interface TabOutcome {
  tabs: Tab[];
  navigate?: string;
  notice?: TabNotice;
}

/**
 * Adds the tab at the end, or refreshes path and title of the tab with the same key in place; a key names one
 * object, so the subject it was given stays.
 */
export function openTab(tabs: readonly Tab[], tab: Tab): Tab[] {
  const index = tabs.findIndex((t) => t.key === tab.key);
  if (index === -1) return [...tabs, tab];
  const current = tabs[index]!;
  if (current.path === tab.path && current.title === tab.title && current.scope === tab.scope) return tabs as Tab[];
  return tabs.map((t, i) => (i === index ? { ...current, ...tab } : t));
}

/** Names the object shown by the tab at `path` (the page learns it once its data has come). */
export function nameTab(tabs: readonly Tab[], path: string, subject: string): Tab[] {
  const index = tabs.findIndex((t) => t.path === path);
  if (index === -1 || tabs[index]!.subject === subject) return tabs as Tab[];
  return tabs.map((t, i) => (i === index ? { ...t, subject } : t));
}

function follow(tabs: Tab[], activeKey: string | undefined, fallback: Tab | undefined): TabOutcome {
  if (activeKey !== undefined && tabs.some((t) => t.key === activeKey)) return { tabs };
  return fallback ? { tabs, navigate: fallback.path } : { tabs };
}

/** Closes one tab; the last one stays. Closing the active tab activates its right neighbour, else its left one. */
export function closeTab(tabs: readonly Tab[], key: string, activeKey?: string): TabOutcome {
  const index = tabs.findIndex((t) => t.key === key);
  if (index === -1) return { tabs: [...tabs] };
  if (tabs.length === 1) return { tabs: [...tabs], notice: 'lastTab' };
  const next = tabs.filter((t) => t.key !== key);
  return follow(next, activeKey, next[Math.min(index, next.length - 1)]);
}

/** Closes the tabs left of `key`; when the active one was among them, `key` becomes active. */
export function closeLeft(tabs: readonly Tab[], key: string, activeKey?: string): TabOutcome {
  const index = tabs.findIndex((t) => t.key === key);
  if (index <= 0) return { tabs: [...tabs], notice: 'noLeft' };
  const next = tabs.slice(index);
  return follow(next, activeKey, next[0]);
}

export function closeRight(tabs: readonly Tab[], key: string, activeKey?: string): TabOutcome {
  const index = tabs.findIndex((t) => t.key === key);
  if (index === -1 || index === tabs.length - 1) return { tabs: [...tabs], notice: 'noRight' };
  const next = tabs.slice(0, index + 1);
  return follow(next, activeKey, next[index]);
}

/** Closes every tab and goes home: the overview's tab is the one that stays. */
export function closeAll(tabs: readonly Tab[], home: Tab, activeKey?: string): TabOutcome {
  const kept = tabs.find((t) => t.key === home.key) ?? home;
  if (tabs.length === 1 && tabs[0]?.key === home.key) return { tabs: [...tabs] };
  return activeKey === home.key ? { tabs: [kept] } : { tabs: [kept], navigate: kept.path };
}
