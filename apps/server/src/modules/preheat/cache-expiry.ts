import { type CacheExpiryUnit, type CacheRuleType, cacheExpirySeconds } from '@edgeward/contract';

interface Rule {
  priority: number;
  type: CacheRuleType;
  content: string[];
  ttl: number;
  unit: CacheExpiryUnit;
}

/** A path rule covers the path itself and everything under it; a suffix rule the paths ending with it. */
function covers(rule: Rule, path: string): boolean {
  if (rule.type === 'all') return true;
  if (rule.type === 'suffix') return rule.content.some((suffix) => path.toLowerCase().endsWith(suffix.toLowerCase()));
  return rule.content.some(
    (prefix) => path === prefix || path.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`),
  );
}

/**
 * How long the edge caches a path by the domain's cache rules, in seconds: the matching rule with the highest
 * priority wins (spec section 5). Null when no rule matches (a configuration always has its all-files rule).
 */
export function cacheExpiryOf(rules: readonly Rule[], path: string): number | null {
  let best: Rule | undefined;
  for (const rule of rules) {
    if (covers(rule, path) && (!best || rule.priority > best.priority)) best = rule;
  }
  return best ? cacheExpirySeconds(best) : null;
}
