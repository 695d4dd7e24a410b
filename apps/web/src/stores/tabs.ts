import { createStore, readJson, storageOf, useStore, writeJson } from './create-store';
import type { Tab } from './tab-list';

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
      typeof t.title === 'string',
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
