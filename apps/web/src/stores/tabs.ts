import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { createStore, readJson, storageOf, useStore, writeJson } from './create-store';
import { nameTab, type Tab } from './tab-list';

const STORAGE_KEY = 'edgeward.tabs';
const storage = storageOf('session');

function parseTabs(raw: unknown): Tab[] {
  if (!Array.isArray(raw)) return [];
  return raw.filter(
    (t): t is Tab =>
      typeof t === 'object' &&
      t !== null &&
      typeof t.key === 'string' &&
      typeof t.path === 'string' &&
      t.path.startsWith('/') &&
      typeof t.title === 'string' &&
      (t.subject === undefined || typeof t.subject === 'string') &&
      (t.scope === undefined || t.scope === 'cdn' || t.scope === 'eo'),
  );
}

const store = createStore<Tab[]>(parseTabs(readJson(storage, STORAGE_KEY)), (tabs) =>
  writeJson(storage, STORAGE_KEY, tabs),
);

/** Open tabs, per browser tab: sessionStorage keeps them across a reload, a new window starts fresh. */
export const tabsStore = {
  get: store.get,
  set: store.set,
  subscribe: store.subscribe,
  reset: () => store.set([]),
};

export function useTabs(): Tab[] {
  return useStore(store);
}

/**
 * Labels the current page's tab with the object it shows. A passive effect: it runs after the layout has opened
 * the tab (a layout effect), even when the page's data was already cached at its first render.
 */
export function useTabSubject(subject: string | undefined): void {
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (subject) store.set((tabs) => nameTab(tabs, `${pathname}${search}`, subject));
  }, [subject, pathname, search]);
}
