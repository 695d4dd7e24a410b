import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { goldenDir } from './golden-cases';
import { EdgeDomainConfigSchema, type EdgeSnapshot, EdgeSnapshotSchema } from './snapshot';

/*
 * What the edge accepts as a domain's snapshot: each field's refusal alone, on an otherwise valid snapshot. The
 * golden cases are read as plain JSON, not through the schema: a schema that refused them would otherwise fail this
 * file while it loads, before any test could say which rule broke.
 */

const raw = (name: string): EdgeSnapshot => JSON.parse(readFileSync(join(goldenDir, `${name}.json`), 'utf8'));
const base = raw('origin-ip-follow');
const eo = raw('eo-frequency');

const accepts = (snapshot: unknown) => EdgeSnapshotSchema.safeParse(snapshot).success;
const withConfig = (change: Record<string, unknown>, snapshot: EdgeSnapshot = base) => ({
  ...snapshot,
  config: { ...snapshot.config, ...change },
});

describe('EdgeSnapshotSchema', () => {
  it('accepts every golden case as it is (one with two origins among them)', () => {
    const names = readdirSync(goldenDir)
      .filter((file) => file.endsWith('.json'))
      .map((file) => file.replace(/\.json$/, ''));
    expect(names).toContain('origin-http-two-sources');
    for (const name of names) expect([name, accepts(raw(name))]).toEqual([name, true]);
  });

  it.each([
    ['domainId', 1, 0],
    ['version', 1, 0],
    ['domainName', 'a', ''],
    ['cname', 'a', ''],
  ])('takes %s %j and refuses %j', (field, last, first) => {
    expect(accepts({ ...base, [field]: last })).toBe(true);
    expect(accepts({ ...base, [field]: first })).toBe(false);
  });

  it('takes whole domain ids and versions only', () => {
    expect(accepts({ ...base, domainId: 1.5 })).toBe(false);
    expect(accepts({ ...base, version: 2.5 })).toBe(false);
  });

  it.each([
    ['variant', ['cdn', 'eo'], 'waf'],
    ['state', ['enabled', 'disabled', 'removed'], 'paused'],
  ])('takes the %s values %j and refuses %j', (field, values, other) => {
    for (const value of values as string[]) expect(accepts({ ...base, [field]: value })).toBe(true);
    expect(accepts({ ...base, [field]: other })).toBe(false);
  });

  it('takes a removed domain without its configuration', () => {
    expect(accepts({ ...base, state: 'removed', config: null })).toBe(true);
  });

  it('needs at least one origin', () => {
    expect(accepts(withConfig({ sources: base.config!.sources.slice(0, 1) }))).toBe(true);
    expect(accepts(withConfig({ sources: [] }))).toBe(false);
  });

  it('takes HTTPS settings without a certificate yet, but not without the settings', () => {
    const httpsConfig = { ...base.config!.httpsConfig, certificatePem: null, privateKeyPem: null };
    expect(accepts(withConfig({ httpsConfig }))).toBe(true);
    expect(accepts(withConfig({ httpsConfig: { ...httpsConfig, http2: 'auto' } }))).toBe(false);
    const { httpsConfig: _dropped, ...withoutHttps } = base.config!;
    expect(accepts({ ...base, config: withoutHttps })).toBe(false);
  });

  it("takes a CDN domain without the edge platform's security parts, and an edge-platform domain with them", () => {
    expect(base.config!.eoSecurity).toBeUndefined();
    expect(eo.config!.eoSecurity).toBeDefined();
    expect(accepts(eo)).toBe(true);
    // Only the four parts the edge enforces beyond the access maps are kept.
    const parsed = EdgeDomainConfigSchema.parse({
      ...eo.config,
      eoSecurity: { ...eo.config!.eoSecurity, referer: { type: 'off' } },
    });
    expect(Object.keys(parsed.eoSecurity!).sort()).toEqual([
      'adaptiveFrequencyControl',
      'bandwidthAbuseDefense',
      'clientFiltering',
      'slowAttackDefense',
    ]);
    const { clientFiltering: _dropped, ...incomplete } = eo.config!.eoSecurity!;
    expect(accepts(withConfig({ eoSecurity: incomplete }, eo))).toBe(false);
  });
});
