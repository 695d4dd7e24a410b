import {
  type CacheRuleType,
  type DomainConfig,
  type RateLimitPreset,
  type RequestLimitsInput,
  rateLimitPresets,
} from '@edgeward/contract';
import { isOn, onOff } from '../domain-form';

export interface RuleRow {
  type: CacheRuleType;
  content: string;
  periodSeconds: number | null;
  limit: number | null;
  threshold: number | null;
}
export interface LimitValues {
  status: boolean;
  rules: RuleRow[];
}

export function fromConfig(config: DomainConfig): LimitValues {
  const { status, rules } = config.requestLimits;
  return {
    status: isOn(status),
    rules: rules.map(({ type, content, periodSeconds, limit, threshold }) => ({
      type,
      content,
      periodSeconds,
      limit,
      threshold,
    })),
  };
}

export function toBody(values: LimitValues): RequestLimitsInput {
  return {
    status: onOff(values.status),
    rules: (values.rules ?? []).map((row) => ({
      type: row?.type,
      content: row?.type === 'all' ? '' : (row?.content ?? ''),
      periodSeconds: row?.periodSeconds ?? Number.NaN,
      limit: row?.limit ?? Number.NaN,
      threshold: row?.threshold ?? Number.NaN,
      action: 'block' as const,
    })),
  };
}

export const presetNames = Object.keys(rateLimitPresets) as RateLimitPreset[];

/** The preset the all-files rule currently matches, if any. */
export function presetOf(rules: readonly RuleRow[] | undefined): RateLimitPreset | undefined {
  const all = rules?.find((row) => row?.type === 'all');
  if (!all) return undefined;
  return presetNames.find(
    (name) =>
      rateLimitPresets[name].limit === all.limit &&
      rateLimitPresets[name].periodSeconds === all.periodSeconds &&
      (all.threshold ?? 0) === 0,
  );
}
