import type { DomainVariant } from '@edgeward/contract';

/** The settings tabs in the spec's order; each is the {tab} segment of /domain/setting/{tab}/{id}. */
export const settingTabs = ['basic', 'origin', 'https', 'cache', 'access', 'advanced', 'protection'] as const;
export type SettingTab = (typeof settingTabs)[number];

export const isSettingTab = (value: string | undefined): value is SettingTab =>
  (settingTabs as readonly string[]).includes(value ?? '');

/** The domain screens of each variant: the CDN's under /domain, the edge platform's under /eodomain. */
export function listPath(variant: DomainVariant = 'cdn'): string {
  return variant === 'eo' ? '/eodomain' : '/domain';
}

export function createPath(variant: DomainVariant = 'cdn'): string {
  return `${listPath(variant)}/create`;
}

export function settingsPath(
  id: number,
  tab: SettingTab | 'config' | 'security' = 'basic',
  variant: DomainVariant = 'cdn',
): string {
  return `${listPath(variant)}/setting/${tab}/${id}`;
}

/** The permission of each variant's domain screens. */
export function domainPermission(variant: DomainVariant = 'cdn'): 'domain' | 'eodomain' {
  return variant === 'eo' ? 'eodomain' : 'domain';
}
