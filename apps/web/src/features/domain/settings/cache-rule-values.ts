import {
  type CacheConfigInput,
  type CacheExpiryUnit,
  type CacheRuleInput,
  type CacheRuleType,
  type DomainConfig,
  splitCacheContent,
} from '@edgeward/contract';
import { useI18n } from '../../../i18n';
import { isOn, onOff } from '../domain-form';

export type SavedRule = DomainConfig['cacheConfig']['rules'][number];

export interface RuleValues {
  priority: number | null;
  type: CacheRuleType;
  content: string;
  ttl: number | null;
  unit: CacheExpiryUnit;
  ignoreUrlParameter: boolean;
}

export const units = ['seconds', 'minutes', 'hours', 'days'] as const;

export function toRule(values: RuleValues): CacheRuleInput {
  return {
    priority: values.priority ?? Number.NaN,
    type: values.type,
    content: values.type === 'all' ? [] : splitCacheContent(values.content ?? ''),
    ttl: values.ttl ?? Number.NaN,
    unit: values.unit,
    ignoreUrlParameter: onOff(values.ignoreUrlParameter),
  };
}

export function fromRule(rule: SavedRule): RuleValues {
  return {
    priority: rule.priority,
    type: rule.type,
    content: rule.content.join('\n'),
    ttl: rule.ttl,
    unit: rule.unit,
    ignoreUrlParameter: isOn(rule.ignoreUrlParameter),
  };
}

/** The switches as saved, so that a rule change never sends switch edits that were not saved. */
export function savedSwitches(config: DomainConfig): Omit<CacheConfigInput, 'rules'> {
  const { ignoreUrlParameter, cachePrefresh, offlineCache } = config.cacheConfig;
  return { ignoreUrlParameter, cachePrefresh, offlineCache };
}

export function useExpiryText() {
  const { t } = useI18n();
  return (ttl: number, unit: CacheExpiryUnit) =>
    ttl === 0 ? t('domain.cache.noCache') : t(`domain.cache.unitCount.${unit}`, { n: ttl });
}
