import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isMessageKey } from '../messages';
import {
  canDeleteDomain,
  canDisableDomain,
  canEditDomainConfig,
  canEnableDomain,
  DomainCreateSchema,
  DomainIdBodySchema,
  DomainListQuerySchema,
  DomainNameSchema,
  defaultCacheRules,
  defaultDomainSettings,
  domainCreateSchema,
  domainStatuses,
  UrlAuthSignRequestSchema,
} from './domain';
import { type DomainConfig, DomainConfigSchema } from './domain-config';

function issuesOf(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

function expectFail(schema: z.ZodType, value: unknown, message: string, path: string) {
  expect(isMessageKey(message), `${message} is a message key`).toBe(true);
  expect(issuesOf(schema, value)).toContainEqual({ path, message });
}

describe('DomainNameSchema', () => {
  it('normalises: trim, lower case, punycode', () => {
    expect(DomainNameSchema.parse('  WWW.Example.com ')).toBe('www.example.com');
    expect(DomainNameSchema.parse('cdn.例子.com')).toBe('cdn.xn--fsqu00a.com');
  });

  it('answers each problem with its own message', () => {
    expect(issuesOf(DomainNameSchema, '  ')).toEqual([{ path: '', message: 'domain.name.required' }]);
    expectFail(DomainNameSchema, undefined, 'domain.name.required', '');
    expectFail(DomainNameSchema, 'exa_mple.com', 'domain.name.format', '');
    expectFail(DomainNameSchema, '*.example.com', 'domain.name.wildcard', '');
    expectFail(DomainNameSchema, `${'a'.repeat(64)}.com`, 'domain.name.labelTooLong', '');
    expectFail(DomainNameSchema, `${'abc.'.repeat(63)}com`, 'domain.name.tooLong', '');
  });
});

describe('DomainCreateSchema', () => {
  const valid = { domainName: 'www.example.com', type: 'web', origin: { ipOrDomain: ['8.8.8.8'] } };

  it('accepts a domain with its origin and fills the origin defaults', () => {
    expect(DomainCreateSchema.parse(valid)).toEqual({
      domainName: 'www.example.com',
      type: 'web',
      origin: {
        ipOrDomain: ['8.8.8.8'],
        httpPort: 80,
        httpsPort: 443,
        hostName: '',
        originProtocol: 'follow',
        ipv6Status: 'follow',
        verifyCertificate: 'off',
      },
    });
  });

  it('refuses an origin equal to the acceleration domain, whatever the spelling', () => {
    expectFail(
      DomainCreateSchema,
      { ...valid, domainName: 'WWW.example.com', origin: { ipOrDomain: ['www.example.com'] } },
      'domain.origin.sameAsDomain',
      'origin.ipOrDomain.0',
    );
  });

  it('refuses internal origins unless relaxed by the server', () => {
    const internal = { ...valid, origin: { ipOrDomain: ['192.168.1.10'] } };
    expectFail(DomainCreateSchema, internal, 'domain.origin.internalIp', 'origin.ipOrDomain.0');
    expect(domainCreateSchema({ allowPrivate: true }).safeParse(internal).success).toBe(true);
  });

  it('needs a known acceleration type', () => {
    expectFail(DomainCreateSchema, { ...valid, type: 'cdn' }, 'validation.required', 'type');
    expectFail(DomainCreateSchema, { ...valid, type: undefined }, 'validation.required', 'type');
  });
});

describe('other requests', () => {
  it('reads the list query from strings with defaults', () => {
    expect(DomainListQuerySchema.parse({ page: '2', status: 'enabled' })).toEqual({
      page: 2,
      size: 20,
      status: 'enabled',
      order: 'desc',
    });
    expect(DomainListQuerySchema.safeParse({ status: 'gone' }).success).toBe(false);
    expect(DomainListQuerySchema.safeParse({ order: 'sideways' }).success).toBe(false);
  });

  it('needs an id', () => {
    expectFail(DomainIdBodySchema, {}, 'validation.required', 'id');
    expect(DomainIdBodySchema.safeParse({ id: 3 }).success).toBe(true);
  });

  it('signs paths only', () => {
    expectFail(UrlAuthSignRequestSchema, { id: 1, path: 'a.jpg' }, 'domain.urlAuth.pathFormat', 'path');
    expectFail(UrlAuthSignRequestSchema, { id: 1, path: '' }, 'validation.required', 'path');
    expect(UrlAuthSignRequestSchema.parse({ id: 1, path: '/a.jpg' })).toEqual({
      id: 1,
      path: '/a.jpg',
      useBackupKey: false,
    });
  });
});

describe('status rules', () => {
  it('deletes only disabled or rejected domains (spec section 4)', () => {
    expect(domainStatuses.filter(canDeleteDomain)).toEqual(['disabled', 'review_rejected']);
  });

  it('enables disabled domains, disables serving ones, edits settings of live ones', () => {
    expect(domainStatuses.filter(canEnableDomain)).toEqual(['disabled']);
    expect(domainStatuses.filter(canDisableDomain)).toEqual(['enabled', 'abnormal']);
    expect(domainStatuses.filter(canEditDomainConfig)).toEqual(['configuring', 'enabled', 'disabled', 'abnormal']);
  });
});

describe('defaults', () => {
  it('caches all files 30 days, whole-site 0 (spec section 9)', () => {
    expect(defaultCacheRules('web')).toEqual([
      { priority: 1, type: 'all', content: [], ttl: 30, unit: 'days', ignoreUrlParameter: 'off' },
    ]);
    expect(defaultCacheRules('whole_site')[0]).toMatchObject({ type: 'all', ttl: 0 });
  });

  it('makes a config the response schema serializes unchanged and whitelists', () => {
    const config: DomainConfig = {
      id: 1,
      domainName: 'www.example.com',
      apexDomain: 'example.com',
      cname: 'www.example.com.cdn.edgeward.net',
      sources: [
        {
          originType: 'ipaddr',
          ipOrDomain: ['8.8.8.8'],
          httpPort: 80,
          httpsPort: 443,
          hostName: 'www.example.com',
          originProtocol: 'follow',
          ipv6Status: 'follow',
          verifyCertificate: 'off',
        },
      ],
      originProtocol: 'follow',
      configVersion: 1,
      updatedAt: 1_700_000_000_000,
      ...defaultDomainSettings('download'),
    };
    expect(z.encode(DomainConfigSchema, config)).toEqual(config);
    expect(defaultDomainSettings('download')).toMatchObject({ rangeStatus: 'off', urlAuth: { expireTime: 3600 } });
    const leaky = { ...config, userId: 7, urlAuth: { ...config.urlAuth, secretNote: 'x' } };
    expect(DomainConfigSchema.parse(leaky)).toEqual(config);
  });
});
