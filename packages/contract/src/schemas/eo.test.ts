import { describe, expect, it } from 'vitest';
import { limits } from '../limits';
import {
  AdaptiveFrequencyControlSchema,
  BandwidthAbuseDefenseSchema,
  ClientFilteringSchema,
  defaultEoSecurityExtras,
  EoGeneralConfigSchema,
  frequencyLevelRates,
  SecurityPolicySchema,
  SlowAttackDefenseSchema,
  variantsOf,
} from './eo';

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((i) => `${i.path.join('.')}:${i.message}`);

const policy = {
  referer: { type: 'off' },
  ipFilter: { type: 'off' },
  userAgentFilter: { type: 'off' },
  ...defaultEoSecurityExtras,
};

describe('cdnType', () => {
  it('opens the CDN, the edge platform or both; anything else is the CDN', () => {
    expect(variantsOf('cdn')).toEqual(['cdn']);
    expect(variantsOf('eo')).toEqual(['eo']);
    expect(variantsOf('all')).toEqual(['cdn', 'eo']);
    expect(variantsOf(undefined)).toEqual(['cdn']);
  });
});

describe('adaptive frequency control', () => {
  it('has the spec levels, moderate recommended, blocking with 403', () => {
    expect(frequencyLevelRates).toEqual({
      loose: { limit: 2000, periodSeconds: 5 },
      moderate: { limit: 200, periodSeconds: 10 },
      strict: { limit: 40, periodSeconds: 10 },
    });
    expect(AdaptiveFrequencyControlSchema.parse({ status: 'on' })).toEqual({
      status: 'on',
      level: 'moderate',
      action: 'block',
    });
    expect(messages(AdaptiveFrequencyControlSchema.safeParse({ status: 'on', level: 'extreme' }))).toHaveLength(1);
    expect(limits.eo.baselineDays).toBe(7);
    expect(limits.eo.baselineRefreshMs).toBe(86_400_000);
  });
});

describe('client filtering', () => {
  it('needs something to block when on, and each entry once', () => {
    expect(messages(ClientFilteringSchema.safeParse({ status: 'on' }))).toEqual(['uaClasses:eo.client.nothingBlocked']);
    expect(ClientFilteringSchema.safeParse({ status: 'on', blockEmptyUa: true }).success).toBe(true);
    expect(ClientFilteringSchema.safeParse({ status: 'on', uaClasses: ['crawler'] }).success).toBe(true);
    expect(ClientFilteringSchema.safeParse({ status: 'on', knownTools: ['curl'] }).success).toBe(true);
    expect(ClientFilteringSchema.safeParse({ status: 'off' }).success).toBe(true);
    expect(messages(ClientFilteringSchema.safeParse({ status: 'on', knownTools: ['curl', 'curl'] }))).toContain(
      'knownTools:eo.client.duplicate',
    );
    expect(messages(ClientFilteringSchema.safeParse({ status: 'on', uaClasses: ['robots'] }))).toHaveLength(1);
  });

  it('takes allow rules with the UA filter rules and limit', () => {
    const rules = Array.from({ length: limits.domain.uaRulesMax + 1 }, (_, i) => `agent-${i}`);
    expect(messages(ClientFilteringSchema.safeParse({ status: 'on', blockEmptyUa: true, allowRules: rules }))).toEqual([
      'allowRules:domain.ua.max',
    ]);
    expect(
      messages(ClientFilteringSchema.safeParse({ status: 'on', blockEmptyUa: true, allowRules: ['a|b'] })),
    ).toEqual(['allowRules.0:domain.ua.wildcard']);
  });
});

describe('bandwidth abuse defence', () => {
  it('bounds the threshold, window and rate cap', () => {
    expect(BandwidthAbuseDefenseSchema.parse({ status: 'on' })).toEqual({
      status: 'on',
      thresholdMb: 1024,
      windowSeconds: 60,
      rateCapKbps: 1024,
    });
    const bad = BandwidthAbuseDefenseSchema.safeParse({
      status: 'on',
      thresholdMb: 0,
      windowSeconds: 3601,
      rateCapKbps: 63,
    });
    expect(messages(bad)).toEqual([
      'thresholdMb:eo.abuse.threshold',
      'windowSeconds:eo.abuse.window',
      'rateCapKbps:eo.abuse.rateCap',
    ]);
    const edges = { status: 'on', thresholdMb: 102_400, windowSeconds: 10, rateCapKbps: 102_400 };
    expect(BandwidthAbuseDefenseSchema.safeParse(edges).success).toBe(true);
    expect(messages(BandwidthAbuseDefenseSchema.safeParse({ status: 'on', thresholdMb: 1.5 }))).toEqual([
      'thresholdMb:eo.abuse.threshold',
    ]);
  });
});

describe('slow-attack defence', () => {
  it('looks at the first 8 KB and bounds the body rate and the timeouts', () => {
    expect(limits.eo.slowAttackInspectBytes).toBe(8192);
    expect(SlowAttackDefenseSchema.parse({ status: 'on' })).toEqual({
      status: 'on',
      minBodyRate: 128,
      headerTimeoutSeconds: 10,
      bodyTimeoutSeconds: 30,
    });
    const bad = SlowAttackDefenseSchema.safeParse({
      status: 'on',
      minBodyRate: 8193,
      headerTimeoutSeconds: 0,
      bodyTimeoutSeconds: 121,
    });
    expect(messages(bad)).toEqual([
      'minBodyRate:eo.slow.minRate',
      'headerTimeoutSeconds:eo.slow.headerTimeout',
      'bodyTimeoutSeconds:eo.slow.bodyTimeout',
    ]);
    expect(
      SlowAttackDefenseSchema.safeParse({
        status: 'on',
        minBodyRate: 1,
        headerTimeoutSeconds: 60,
        bodyTimeoutSeconds: 120,
      }).success,
    ).toBe(true);
  });
});

describe('security policy', () => {
  it("applies the CDN's referer, IP and UA rules and limits", () => {
    expect(SecurityPolicySchema.safeParse(policy).success).toBe(true);
    const referers = Array.from({ length: limits.domain.refererMax + 1 }, (_, i) => `r${i}.example.com`);
    const ips = Array.from(
      { length: limits.domain.ipAclMax + 1 },
      (_, i) => `10.0.${i % 256}.${Math.floor(i / 256) + 1}`,
    );
    const uas = Array.from({ length: limits.domain.uaRulesMax + 1 }, (_, i) => `ua${i}`);
    const result = SecurityPolicySchema.safeParse({
      ...policy,
      referer: { type: 'allow', list: referers },
      ipFilter: { type: 'deny', list: ips },
      userAgentFilter: { type: 'blacklist', rules: uas },
    });
    expect(messages(result)).toEqual([
      'referer.list:domain.referer.max',
      'ipFilter.list:domain.ipAcl.max',
      'userAgentFilter.rules:domain.ua.max',
    ]);
    expect(messages(SecurityPolicySchema.safeParse({ ...policy, ipFilter: { type: 'deny', list: [] } }))).toEqual([
      'ipFilter.list:validation.required',
    ]);
  });
});

describe('general settings', () => {
  it('takes any of the pieces, at least one', () => {
    expect(messages(EoGeneralConfigSchema.safeParse({}))).toEqual([':validation.required']);
    expect(messages(EoGeneralConfigSchema.safeParse({ rangeStatus: undefined }))).toEqual([':validation.required']);
    expect(EoGeneralConfigSchema.safeParse({ rangeStatus: 'on' }).success).toBe(true);
    expect(EoGeneralConfigSchema.safeParse({ compress: { gzip: 'on' } }).success).toBe(false);
  });
});

describe('every bound of the edge-platform policy, at both edges', () => {
  const e = limits.eo;
  it.each([
    ['thresholdMb', e.abuseThresholdMbMin, e.abuseThresholdMbMax, 'eo.abuse.threshold', BandwidthAbuseDefenseSchema],
    ['windowSeconds', e.abuseWindowSecondsMin, e.abuseWindowSecondsMax, 'eo.abuse.window', BandwidthAbuseDefenseSchema],
    ['rateCapKbps', e.abuseRateCapKbpsMin, e.abuseRateCapKbpsMax, 'eo.abuse.rateCap', BandwidthAbuseDefenseSchema],
    ['minBodyRate', e.slowAttackMinRateMin, e.slowAttackMinRateMax, 'eo.slow.minRate', SlowAttackDefenseSchema],
    ['headerTimeoutSeconds', e.headerTimeoutMin, e.headerTimeoutMax, 'eo.slow.headerTimeout', SlowAttackDefenseSchema],
    ['bodyTimeoutSeconds', e.bodyTimeoutMin, e.bodyTimeoutMax, 'eo.slow.bodyTimeout', SlowAttackDefenseSchema],
  ] as const)('%s takes %i to %i, refuses one below and one above', (field, min, max, key, schema) => {
    const parse = (value: number) => messages(schema.safeParse({ status: 'on', [field]: value }));
    expect(parse(min)).toEqual([]);
    expect(parse(max)).toEqual([]);
    expect(parse(min - 1)).toEqual([`${field}:${key}`]);
    expect(parse(max + 1)).toEqual([`${field}:${key}`]);
  });

  it('the bounds are the documented ones', () => {
    expect(e).toMatchObject({
      abuseThresholdMbMin: 1,
      abuseThresholdMbMax: 102_400,
      abuseWindowSecondsMin: 10,
      abuseWindowSecondsMax: 3600,
      abuseRateCapKbpsMin: 64,
      abuseRateCapKbpsMax: 102_400,
      slowAttackMinRateMin: 1,
      slowAttackMinRateMax: 8192,
      headerTimeoutMin: 1,
      headerTimeoutMax: 60,
      bodyTimeoutMin: 1,
      bodyTimeoutMax: 120,
    });
  });

  it('takes as many allow rules, referers, IP entries and UA rules as the CDN allows, and one more is refused', () => {
    const d = limits.domain;
    const list = (length: number, entry: (i: number) => string) => Array.from({ length }, (_, i) => entry(i));
    const ip = (i: number) => `10.0.${i % 256}.${Math.floor(i / 256) + 1}`;
    const parse = (count: (max: number) => number) =>
      messages(
        SecurityPolicySchema.safeParse({
          ...policy,
          referer: { type: 'allow', list: list(count(d.refererMax), (i) => `r${i}.example.com`) },
          ipFilter: { type: 'deny', list: list(count(d.ipAclMax), ip) },
          userAgentFilter: { type: 'blacklist', rules: list(count(d.uaRulesMax), (i) => `ua${i}`) },
          clientFiltering: {
            status: 'on',
            blockEmptyUa: true,
            allowRules: list(count(d.uaRulesMax), (i) => `agent-${i}`),
          },
        }),
      );
    expect(parse((max) => max)).toEqual([]);
    expect(parse((max) => max + 1)).toEqual([
      'referer.list:domain.referer.max',
      'ipFilter.list:domain.ipAcl.max',
      'userAgentFilter.rules:domain.ua.max',
      'clientFiltering.allowRules:domain.ua.max',
    ]);
  });

  it('takes an allow rule of the longest UA rule length, and refuses one character more', () => {
    const rule = (length: number) => ({ status: 'on', blockEmptyUa: true, allowRules: ['a'.repeat(length)] });
    expect(messages(ClientFilteringSchema.safeParse(rule(limits.domain.uaRuleMax)))).toEqual([]);
    expect(messages(ClientFilteringSchema.safeParse(rule(limits.domain.uaRuleMax + 1)))).toEqual([
      'allowRules.0:domain.ua.tooLong',
    ]);
  });
});
