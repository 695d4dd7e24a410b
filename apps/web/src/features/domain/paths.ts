/** The settings tabs in the spec's order; each is the {tab} segment of /domain/setting/{tab}/{id}. */
export const settingTabs = ['basic', 'origin', 'https', 'cache', 'access', 'advanced', 'protection'] as const;
export type SettingTab = (typeof settingTabs)[number];

export const isSettingTab = (value: string | undefined): value is SettingTab =>
  (settingTabs as readonly string[]).includes(value ?? '');

export function settingsPath(id: number, tab: SettingTab = 'basic'): string {
  return `/domain/setting/${tab}/${id}`;
}
