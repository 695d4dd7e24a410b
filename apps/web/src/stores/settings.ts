import { createStore, readJson, storageOf, useStore, writeJson } from './create-store';

export type ThemeName = 'dark' | 'light';
export type LayoutMode = 'side' | 'top' | 'mix';
export type ContentWidth = 'fluid' | 'fixed';

/** The page style settings of spec section 3; the mobile flag is not a setting but follows the screen width. */
export interface Settings {
  theme: ThemeName;
  layout: LayoutMode;
  contentWidth: ContentWidth;
  fixedHeader: boolean;
  fixedSidebar: boolean;
  autoHideHeader: boolean;
  primaryColor: string;
  weakMode: boolean;
  multiTab: boolean;
  sidebarCollapsed: boolean;
}

export const defaultSettings: Settings = {
  theme: 'dark',
  layout: 'side',
  contentWidth: 'fluid',
  fixedHeader: true,
  fixedSidebar: true,
  autoHideHeader: false,
  primaryColor: '#1677ff',
  weakMode: false,
  multiTab: true,
  sidebarCollapsed: false,
};

const STORAGE_KEY = 'edgeward.settings';
const storage = storageOf('local');

function oneOf<T extends string>(value: unknown, options: readonly T[], fallback: T): T {
  return options.includes(value as T) ? (value as T) : fallback;
}

function flag(value: unknown, fallback: boolean): boolean {
  return typeof value === 'boolean' ? value : fallback;
}

/** Stored settings come from an older version or a hand-edited storage: each field is checked on its own. */
export function parseSettings(raw: unknown): Settings {
  const s = (typeof raw === 'object' && raw !== null ? raw : {}) as Partial<Record<keyof Settings, unknown>>;
  const d = defaultSettings;
  return {
    theme: oneOf(s.theme, ['dark', 'light'], d.theme),
    layout: oneOf(s.layout, ['side', 'top', 'mix'], d.layout),
    contentWidth: oneOf(s.contentWidth, ['fluid', 'fixed'], d.contentWidth),
    fixedHeader: flag(s.fixedHeader, d.fixedHeader),
    fixedSidebar: flag(s.fixedSidebar, d.fixedSidebar),
    autoHideHeader: flag(s.autoHideHeader, d.autoHideHeader),
    primaryColor:
      typeof s.primaryColor === 'string' && /^#[0-9a-f]{6}$/i.test(s.primaryColor) ? s.primaryColor : d.primaryColor,
    weakMode: flag(s.weakMode, d.weakMode),
    multiTab: flag(s.multiTab, d.multiTab),
    sidebarCollapsed: flag(s.sidebarCollapsed, d.sidebarCollapsed),
  };
}

const settingsStore = createStore<Settings>(parseSettings(readJson(storage, STORAGE_KEY)), (value) =>
  writeJson(storage, STORAGE_KEY, value),
);

export function updateSettings(patch: Partial<Settings>): void {
  settingsStore.set((current) => ({ ...current, ...patch }));
}

export function resetSettings(): void {
  settingsStore.set(defaultSettings);
}

export function useSettings(): Settings {
  return useStore(settingsStore);
}
