import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { enUS, format, isMessageKey, issueMessage } from '../messages';
import {
  CacheConfigSchema,
  CacheRuleSchema,
  CertificateUploadSchema,
  CompressionSchema,
  deriveOriginType,
  ForceRedirectSchema,
  HeaderRulesBodySchema,
  HttpsInfoSchema,
  IpAclSchema,
  ipAclEntryMessage,
  isCertificatePem,
  looksLikeIp,
  normalizeRefererEntry,
  OriginProtocolBodySchema,
  OriginSettingSchema,
  originEntryIssues,
  originIpOrDomainSchema,
  originSettingSchema,
  RangeSwitchSchema,
  RateLimitRuleSchema,
  RefererSchema,
  RequestLimitsSchema,
  rateLimitPresets,
  recommendedCacheExpiry,
  recommendedRateLimitPreset,
  refererEntryIssue,
  splitCacheContent,
  splitLines,
  UrlAuthKeySchema,
  UrlAuthSchema,
  UserAgentFilterSchema,
  userAgentRuleIssue,
  WebsocketSchema,
} from './domain-config';

type Issue = { path: string; message: string };

function issuesOf(schema: z.ZodType, value: unknown): Issue[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

/** The value fails with this message key (at this path, when given), and the key has a text. */
function expectFail(schema: z.ZodType, value: unknown, message: string, path?: string) {
  expect(isMessageKey(message), `${message} is a message key`).toBe(true);
  expect(issuesOf(schema, value)).toContainEqual(
    path === undefined ? expect.objectContaining({ message }) : { path, message },
  );
}

function expectOk(schema: z.ZodType, value: unknown) {
  expect(issuesOf(schema, value)).toEqual([]);
}

const origin = (ipOrDomain: string[], extra: object = {}) => ({ ipOrDomain, ...extra });

describe('origin setting', () => {
  it('fills the defaults of spec section 3 and normalises entries', () => {
    expect(OriginSettingSchema.parse(origin([' 2001:DB8::0:1 ', '8.8.8.8']))).toEqual({
      ipOrDomain: ['2001:db8::1', '8.8.8.8'],
      httpPort: 80,
      httpsPort: 443,
      hostName: '',
      originProtocol: 'follow',
      ipv6Status: 'follow',
      verifyCertificate: 'off',
    });
    expect(OriginSettingSchema.parse(origin(['Origin.例子.com'])).ipOrDomain).toEqual(['origin.xn--fsqu00a.com']);
  });

  it('takes the origin certificate check on or off, nothing else', () => {
    const withCheck = (verifyCertificate: unknown) => ({ ...origin(['8.8.8.8']), verifyCertificate });
    expect(OriginSettingSchema.parse(withCheck('on')).verifyCertificate).toBe('on');
    expect(OriginSettingSchema.safeParse(withCheck('yes')).error?.issues).toMatchObject([
      { path: ['verifyCertificate'], message: 'validation.invalid' },
    ]);
  });

  it('derives the origin type from the value', () => {
    expect(deriveOriginType(['1.2.3.4'])).toBe('ipaddr');
    expect(deriveOriginType(['2001:db8::1'])).toBe('ipaddr');
    expect(deriveOriginType(['origin.example.com'])).toBe('domain');
    expect(deriveOriginType([])).toBe('ipaddr');
  });

  it('requires at least one entry (IP or domain text)', () => {
    expectFail(OriginSettingSchema, origin([]), 'domain.origin.ipRequired', 'ipOrDomain');
    expectFail(OriginSettingSchema, {}, 'domain.origin.ipRequired', 'ipOrDomain');
    expectFail(originIpOrDomainSchema({ originType: 'domain' }), [], 'domain.name.required', '');
    expectFail(OriginSettingSchema, origin(['1.1.1.1', '']), 'validation.required', 'ipOrDomain.1');
  });

  it('allows at most 15 entries', () => {
    const ips = Array.from({ length: 16 }, (_, i) => `8.8.8.${i + 1}`);
    expectFail(OriginSettingSchema, origin(ips), 'domain.origin.ipMax', 'ipOrDomain');
    expectOk(OriginSettingSchema, origin(ips.slice(0, 15)));
  });

  it('checks the IP format, IPv4 and IPv6', () => {
    expectFail(OriginSettingSchema, origin(['1.2.3.400']), 'domain.origin.ipFormat', 'ipOrDomain.0');
    expectFail(OriginSettingSchema, origin(['1.1.1.1', 'example.com']), 'domain.origin.ipFormat', 'ipOrDomain.1');
    expectFail(OriginSettingSchema, origin(['2001:db8::g']), 'domain.origin.ipv6Format', 'ipOrDomain.0');
    expectOk(OriginSettingSchema, origin(['1.2.3.4', '2606:4700::1111']));
  });

  it("refuses internal IPs unless the server's relaxed schema is used", () => {
    for (const ip of ['10.0.0.1', '127.0.0.1', '192.168.0.1', '100.64.1.1', 'fd00::1', '::1', '169.254.1.1']) {
      expectFail(OriginSettingSchema, origin([ip]), 'domain.origin.internalIp', 'ipOrDomain.0');
      expectOk(originSettingSchema({ allowPrivate: true }), origin([ip]));
    }
  });

  it('refuses repeated IPs, also in another spelling', () => {
    expectFail(OriginSettingSchema, origin(['8.8.8.8', '8.8.8.8']), 'domain.origin.ipDuplicate', 'ipOrDomain.1');
    expectFail(
      OriginSettingSchema,
      origin(['2001:db8::1', '2001:DB8:0::1']),
      'domain.origin.ipDuplicate',
      'ipOrDomain.1',
    );
  });

  it('checks origin domains: format, repetition, not the acceleration domain', () => {
    expectFail(OriginSettingSchema, origin(['origin_bad.com']), 'domain.name.format', 'ipOrDomain.0');
    expectFail(
      OriginSettingSchema,
      origin(['a.example.com', 'A.example.com']),
      'domain.name.duplicate',
      'ipOrDomain.1',
    );
    expectOk(OriginSettingSchema, origin(['a.example.com', 'b.example.com']));
    expect(originEntryIssues(['www.example.com'], { domainName: 'WWW.example.com' })).toEqual([
      { path: [0], message: 'domain.origin.sameAsDomain' },
    ]);
    expectFail(
      originSettingSchema({ domainName: 'www.example.com' }),
      origin(['www.example.com']),
      'domain.origin.sameAsDomain',
    );
    expectOk(originSettingSchema({ domainName: 'www.example.com' }), origin(['origin.example.com']));
  });

  it('checks ports 1-65535', () => {
    expectFail(OriginSettingSchema, origin(['8.8.8.8'], { httpPort: 0 }), 'domain.port.range', 'httpPort');
    expectFail(OriginSettingSchema, origin(['8.8.8.8'], { httpsPort: 65536 }), 'domain.port.range', 'httpsPort');
    expectFail(OriginSettingSchema, origin(['8.8.8.8'], { httpPort: 80.5 }), 'domain.port.range', 'httpPort');
    expectOk(OriginSettingSchema, origin(['8.8.8.8'], { httpPort: 1, httpsPort: 65535 }));
  });

  it('checks the Host header name', () => {
    expectFail(OriginSettingSchema, origin(['8.8.8.8'], { hostName: 'bad host' }), 'domain.name.format', 'hostName');
    expectOk(OriginSettingSchema, origin(['8.8.8.8'], { hostName: 'Origin.Example.com' }));
    expectOk(OriginSettingSchema, origin(['8.8.8.8'], { hostName: '' }));
  });

  it('checks the origin protocol', () => {
    expectFail(
      OriginSettingSchema,
      origin(['8.8.8.8'], { originProtocol: 'ftp' }),
      'validation.required',
      'originProtocol',
    );
    expectFail(OriginProtocolBodySchema, {}, 'validation.required', 'originProtocol');
    expectOk(OriginProtocolBodySchema, { originProtocol: 'https' });
  });

  it('splits text into lines for the form', () => {
    expect(splitLines(' 1.1.1.1 \r\n\n2.2.2.2\n')).toEqual(['1.1.1.1', '2.2.2.2']);
  });
});

const fakeBase64 = 'MIIB'.padEnd(64, 'A');
const cert = `-----BEGIN CERTIFICATE-----\n${fakeBase64}\n-----END CERTIFICATE-----`;
const key = `-----BEGIN PRIVATE KEY-----\n${fakeBase64}\n-----END PRIVATE KEY-----\n`;
const upload = { name: 'my-cert', certificate: `${cert}\n${cert}\n`, privateKey: key };

describe('certificates', () => {
  it('accepts a PEM chain and RSA, EC and PKCS#8 keys', () => {
    expectOk(CertificateUploadSchema, upload);
    expectOk(CertificateUploadSchema, { ...upload, privateKey: key.replaceAll('PRIVATE KEY', 'RSA PRIVATE KEY') });
    const ec = `-----BEGIN EC PARAMETERS-----\nBggqhkjOPQMBBw==\n-----END EC PARAMETERS-----\n${key.replaceAll('PRIVATE KEY', 'EC PRIVATE KEY')}`;
    expectOk(CertificateUploadSchema, { ...upload, privateKey: ec });
  });

  it('checks the name length 3-32', () => {
    expectFail(CertificateUploadSchema, { ...upload, name: 'ab' }, 'domain.cert.nameLength', 'name');
    expectFail(CertificateUploadSchema, { ...upload, name: 'a'.repeat(33) }, 'domain.cert.nameLength', 'name');
    expectFail(CertificateUploadSchema, { ...upload, name: '  ' }, 'validation.required', 'name');
    expectOk(CertificateUploadSchema, { ...upload, name: 'a'.repeat(32) });
  });

  it('checks content 1-10240 characters', () => {
    const long = `-----BEGIN CERTIFICATE-----\n${'A'.repeat(10_241)}\n-----END CERTIFICATE-----`;
    expectFail(CertificateUploadSchema, { ...upload, certificate: long }, 'domain.cert.contentMax', 'certificate');
    expectFail(CertificateUploadSchema, { ...upload, certificate: '' }, 'validation.required', 'certificate');
    expectFail(CertificateUploadSchema, { ...upload, privateKey: '' }, 'validation.required', 'privateKey');
  });

  it('checks the PEM shape', () => {
    expectFail(CertificateUploadSchema, { ...upload, certificate: 'hello' }, 'domain.cert.pem', 'certificate');
    expectFail(
      CertificateUploadSchema,
      { ...upload, certificate: `${cert}\ngarbage` },
      'domain.cert.pem',
      'certificate',
    );
    expectFail(CertificateUploadSchema, { ...upload, privateKey: cert }, 'domain.cert.keyPem', 'privateKey');
    expect(isCertificatePem(key)).toBe(false);
  });

  it('refuses keys with a password', () => {
    const pkcs8 = key.replaceAll('PRIVATE KEY', 'ENCRYPTED PRIVATE KEY');
    const legacy = `-----BEGIN RSA PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\nDEK-Info: AES-128-CBC,00\n\n${fakeBase64}\n-----END RSA PRIVATE KEY-----`;
    expect(issuesOf(CertificateUploadSchema, { ...upload, privateKey: pkcs8 })).toEqual([
      { path: 'privateKey', message: 'domain.cert.keyEncrypted' },
    ]);
    expectFail(CertificateUploadSchema, { ...upload, privateKey: legacy }, 'domain.cert.keyEncrypted', 'privateKey');
  });

  it('needs HTTPS on for HTTP/2, forced HTTPS and QUIC (请先开启HTTPS)', () => {
    for (const field of ['http2', 'forceHttps', 'quic']) {
      expectFail(HttpsInfoSchema, { https: 'off', [field]: 'on' }, 'domain.https.enableFirst', field);
      expectOk(HttpsInfoSchema, { https: 'on', [field]: 'on', certificate: upload });
    }
    expectFail(HttpsInfoSchema, {}, 'validation.required', 'https');
    expect(HttpsInfoSchema.parse({ https: 'off' })).toEqual({
      https: 'off',
      http2: 'off',
      forceHttps: 'off',
      quic: 'off',
    });
  });

  it('checks the redirect type and status', () => {
    expectFail(ForceRedirectSchema, { type: 'https', statusCode: 303 }, 'validation.invalid', 'statusCode');
    expectFail(ForceRedirectSchema, { type: 'ftp' }, 'validation.required', 'type');
    expect(ForceRedirectSchema.parse({ type: 'https' })).toEqual({ type: 'https', statusCode: 302 });
    expectOk(ForceRedirectSchema, { type: 'http', statusCode: 301 });
  });
});

const allRule = { priority: 1, type: 'all', ttl: 30, unit: 'days' };
const cache = (...rules: object[]) => ({ rules: [allRule, ...rules] });
const pathRule = (content: string[], extra: object = {}) => ({ priority: 2, type: 'path', content, ttl: 1, ...extra });
const suffixRule = (content: string[]) => ({ priority: 3, type: 'suffix', content, ttl: 1 });

describe('cache rules', () => {
  it('fills defaults', () => {
    expect(CacheConfigSchema.parse(cache())).toEqual({
      ignoreUrlParameter: 'off',
      cachePrefresh: 'off',
      offlineCache: 'off',
      rules: [{ priority: 1, type: 'all', content: [], ttl: 30, unit: 'days', ignoreUrlParameter: 'off' }],
    });
  });

  it('checks priority 1-100, unique', () => {
    expectFail(
      CacheConfigSchema,
      cache(pathRule(['/a'], { priority: 0 })),
      'domain.cache.priorityRange',
      'rules.1.priority',
    );
    expectFail(
      CacheConfigSchema,
      cache(pathRule(['/a'], { priority: 101 })),
      'domain.cache.priorityRange',
      'rules.1.priority',
    );
    expectFail(
      CacheConfigSchema,
      cache(pathRule(['/a'], { priority: 1 })),
      'domain.cache.priorityDuplicate',
      'rules.1.priority',
    );
    expectOk(CacheConfigSchema, cache(pathRule(['/a'], { priority: 100 })));
  });

  it('limits expiry to 365 days; 0 means always from origin', () => {
    expectFail(CacheRuleSchema, { ...allRule, ttl: 366 }, 'domain.cache.expiryMax', 'ttl');
    expectFail(CacheRuleSchema, { ...allRule, ttl: 365 * 24 + 1, unit: 'hours' }, 'domain.cache.expiryMax', 'ttl');
    expectFail(CacheRuleSchema, { ...allRule, ttl: -1 }, 'domain.cache.expiryRange', 'ttl');
    expectFail(CacheRuleSchema, { ...allRule, ttl: undefined }, 'validation.required', 'ttl');
    expectOk(CacheRuleSchema, { ...allRule, ttl: 365 });
    expectOk(CacheRuleSchema, { ...allRule, ttl: 0, unit: 'seconds' });
  });

  it('allows at most 20 paths or suffixes', () => {
    const paths = Array.from({ length: 21 }, (_, i) => `/p${i}`);
    expectFail(CacheRuleSchema, pathRule(paths), 'domain.cache.contentMax', 'content');
    expectOk(CacheRuleSchema, pathRule(paths.slice(0, 20)));
  });

  it('checks paths: leading /, no trailing ;, no illegal characters, no repeats', () => {
    expectFail(CacheRuleSchema, pathRule(['a/b']), 'domain.cache.pathStart', 'content.0');
    expectFail(CacheRuleSchema, pathRule(['/a', '']), 'domain.cache.trailingSemicolon', 'content.1');
    expectFail(CacheRuleSchema, pathRule(['/a;']), 'domain.cache.trailingSemicolon', 'content.0');
    expectFail(CacheRuleSchema, pathRule(['/a b']), 'domain.cache.pathChars', 'content.0');
    expectFail(CacheRuleSchema, pathRule(['/a<b>']), 'domain.cache.pathChars', 'content.0');
    expectFail(CacheRuleSchema, pathRule(['/a', '/a']), 'domain.cache.contentDuplicate', 'content.1');
    expectFail(CacheRuleSchema, pathRule([]), 'validation.required', 'content');
    expectOk(CacheRuleSchema, pathRule(['/images/', '/static/*.png', '/a-b_c~d']));
  });

  it('checks suffixes: leading ., no trailing . or ;', () => {
    expectFail(CacheRuleSchema, suffixRule(['jpg']), 'domain.cache.suffixStart', 'content.0');
    expectFail(CacheRuleSchema, suffixRule(['.jpg.']), 'domain.cache.suffixEnd', 'content.0');
    expectFail(CacheRuleSchema, suffixRule(['.jpg;']), 'domain.cache.suffixEnd', 'content.0');
    expectFail(CacheRuleSchema, suffixRule(['.j/pg']), 'domain.cache.suffixChars', 'content.0');
    expectOk(CacheRuleSchema, suffixRule(['.jpg', '.tar.gz']));
  });

  it('keeps exactly one all-files rule', () => {
    expectFail(CacheConfigSchema, { rules: [pathRule(['/a'])] }, 'domain.cache.allRequired', 'rules');
    expectFail(CacheConfigSchema, { rules: [] }, 'domain.cache.allRequired', 'rules');
    expectFail(CacheConfigSchema, cache({ ...allRule, priority: 5 }), 'domain.cache.allDuplicate', 'rules.1.type');
    expectFail(CacheRuleSchema, { ...allRule, content: ['/a'] }, 'domain.cache.allNoContent', 'content');
  });

  it('splits the typed list, keeping a trailing ; visible', () => {
    expect(splitCacheContent('/a;/b')).toEqual(['/a', '/b']);
    expect(splitCacheContent('/a\n/b;')).toEqual(['/a', '/b', '']);
    expect(splitCacheContent('  ')).toEqual([]);
  });

  it('exports the recommended expiry hints', () => {
    expect(recommendedCacheExpiry.map((r) => [r.kind, r.ttl, r.unit])).toEqual([
      ['dynamic', 0, 'seconds'],
      ['htmlJs', 7, 'days'],
      ['static', 30, 'days'],
    ]);
  });
});

describe('referer', () => {
  it('accepts hosts, wildcard prefixes and ports, normalised', () => {
    expect(
      RefererSchema.parse({ type: 'allow', list: ['*.Example.com', 'a.example.com:8080', '1.2.3.4', '例子.com'] }),
    ).toEqual({
      type: 'allow',
      list: ['*.example.com', 'a.example.com:8080', '1.2.3.4', 'xn--fsqu00a.com'],
      allowEmpty: true,
    });
  });

  it('allows at most 400 entries', () => {
    const list = Array.from({ length: 401 }, (_, i) => `h${i}.example.com`);
    expectFail(RefererSchema, { type: 'deny', list }, 'domain.referer.max', 'list');
    expectOk(RefererSchema, { type: 'deny', list: list.slice(0, 400) });
  });

  it('checks format, port and repetition', () => {
    expectFail(RefererSchema, { type: 'deny', list: ['exa mple.com'] }, 'domain.referer.format', 'list.0');
    expectFail(RefererSchema, { type: 'deny', list: ['*.*.example.com'] }, 'domain.referer.format', 'list.0');
    expectFail(RefererSchema, { type: 'deny', list: ['a.com:65536'] }, 'domain.referer.port', 'list.0');
    expectFail(RefererSchema, { type: 'deny', list: ['a.com:0'] }, 'domain.referer.port', 'list.0');
    expectOk(RefererSchema, { type: 'deny', list: ['a.com:65535'] });
    expectFail(RefererSchema, { type: 'deny', list: ['a.com', 'A.com'] }, 'domain.referer.duplicate', 'list.1');
  });

  it('needs a list unless off', () => {
    expectFail(RefererSchema, { type: 'allow', list: [] }, 'validation.required', 'list');
    expectOk(RefererSchema, { type: 'off' });
  });
});

describe('IP access list', () => {
  it('allows at most 150 entries', () => {
    const list = Array.from({ length: 151 }, (_, i) => `8.8.${Math.floor(i / 256)}.${i % 256}`);
    expectFail(IpAclSchema, { type: 'deny', list }, 'domain.ipAcl.max', 'list');
    expectOk(IpAclSchema, { type: 'deny', list: list.slice(0, 150) });
  });

  it('accepts /8 /16 /24 /32 segments from their first address and plain IPv6', () => {
    expectOk(IpAclSchema, { type: 'allow', list: ['10.0.0.0/8', '10.1.0.0/16', '10.1.2.0/24', '1.2.3.4/32', '::1'] });
    expectFail(IpAclSchema, { type: 'allow', list: ['10.1.2.0/16'] }, 'domain.ipAcl.notFirstAddress', 'list.0');
    expectFail(IpAclSchema, { type: 'allow', list: ['10.1.0.0/20'] }, 'domain.ipAcl.mask', 'list.0');
    expectFail(IpAclSchema, { type: 'allow', list: ['10.1.*.*'] }, 'domain.ipAcl.wildcard', 'list.0');
    expectFail(IpAclSchema, { type: 'allow', list: ['2001:db8::/48'] }, 'domain.ipAcl.ipv6Segment', 'list.0');
    expectFail(IpAclSchema, { type: 'allow', list: ['10.1.2'] }, 'domain.ipAcl.format', 'list.0');
    expectFail(IpAclSchema, { type: 'allow', list: ['::1', '0::1'] }, 'domain.ipAcl.duplicate', 'list.1');
    expectFail(IpAclSchema, { type: 'allow', list: [] }, 'validation.required', 'list');
  });
});

describe('user-agent filter', () => {
  const realUa = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko)';

  it('takes at most 10 rules of at most 100 characters, * as the only wildcard', () => {
    const rules = Array.from({ length: 11 }, (_, i) => `bot${i}*`);
    expectFail(UserAgentFilterSchema, { type: 'blacklist', rules }, 'domain.ua.max', 'rules');
    expectOk(UserAgentFilterSchema, { type: 'blacklist', rules: rules.slice(0, 10) });
    expectFail(UserAgentFilterSchema, { type: 'blacklist', rules: ['a'.repeat(101)] }, 'domain.ua.tooLong', 'rules.0');
    expectOk(UserAgentFilterSchema, { type: 'whitelist', rules: ['a'.repeat(100), realUa, '*curl*'] });
    for (const bad of ['bot?', 'bot[0-9]', '^bot$', 'a|b', 'a\\d']) {
      expectFail(UserAgentFilterSchema, { type: 'blacklist', rules: [bad] }, 'domain.ua.wildcard', 'rules.0');
    }
    expectFail(UserAgentFilterSchema, { type: 'blacklist', rules: ['bötchen'] }, 'domain.ua.format', 'rules.0');
    expectFail(
      UserAgentFilterSchema,
      { type: 'blacklist', rules: ['curl*', 'CURL*'] },
      'domain.ua.duplicate',
      'rules.1',
    );
  });

  it('is one exclusive type and needs rules unless off', () => {
    expectFail(UserAgentFilterSchema, { type: 'both', rules: ['a'] }, 'domain.ua.exclusive', 'type');
    expectFail(
      UserAgentFilterSchema,
      { type: ['blacklist', 'whitelist'], rules: ['a'] },
      'domain.ua.exclusive',
      'type',
    );
    expectFail(UserAgentFilterSchema, { rules: ['a'] }, 'validation.required', 'type');
    expectFail(UserAgentFilterSchema, { type: 'whitelist', rules: [] }, 'validation.required', 'rules');
    expectOk(UserAgentFilterSchema, { type: 'off' });
  });
});

describe('URL auth', () => {
  const on = { status: 'on', type: 'type_a', key: 'abc123' };

  it('fills defaults: off, 3600 s, sign', () => {
    expect(UrlAuthSchema.parse({})).toEqual({
      status: 'off',
      type: 'type_a',
      key: '',
      backupKey: '',
      expireTime: 3600,
      signArg: 'sign',
    });
  });

  it('checks keys: 6-32 letters and digits, required while on', () => {
    expectFail(UrlAuthSchema, { ...on, key: 'abc12' }, 'domain.urlAuth.keyFormat', 'key');
    expectFail(UrlAuthSchema, { ...on, key: 'a'.repeat(33) }, 'domain.urlAuth.keyFormat', 'key');
    expectFail(UrlAuthSchema, { ...on, key: 'abc-123' }, 'domain.urlAuth.keyFormat', 'key');
    expectFail(UrlAuthSchema, { ...on, backupKey: 'short' }, 'domain.urlAuth.keyFormat', 'backupKey');
    expectFail(UrlAuthSchema, { ...on, key: '' }, 'validation.required', 'key');
    expectOk(UrlAuthSchema, { ...on, key: 'A'.repeat(32), backupKey: 'b0ck0p' });
  });

  it('checks expiry 1-31536000 seconds', () => {
    expectFail(UrlAuthSchema, { ...on, expireTime: 0 }, 'domain.urlAuth.expireRange', 'expireTime');
    expectFail(UrlAuthSchema, { ...on, expireTime: 31_536_001 }, 'domain.urlAuth.expireRange', 'expireTime');
    expectOk(UrlAuthSchema, { ...on, expireTime: 1 });
    expectOk(UrlAuthSchema, { ...on, expireTime: 31_536_000 });
  });

  it('checks the parameter name', () => {
    expectFail(UrlAuthSchema, { ...on, signArg: '1sign' }, 'domain.urlAuth.signArgFormat', 'signArg');
    expectFail(UrlAuthSchema, { ...on, signArg: 'si-gn' }, 'domain.urlAuth.signArgFormat', 'signArg');
    expectFail(UrlAuthSchema, { ...on, signArg: `a${'b'.repeat(100)}` }, 'domain.urlAuth.signArgFormat', 'signArg');
    expectFail(UrlAuthSchema, { ...on, signArg: '' }, 'validation.required', 'signArg');
    expectOk(UrlAuthSchema, { ...on, signArg: `_${'b'.repeat(99)}` });
  });
});

describe('headers', () => {
  const body = (...headers: object[]) => ({ headers });

  it('checks names: 1-256 token characters, not reserved, not repeated', () => {
    expectFail(
      HeaderRulesBodySchema,
      body({ name: 'x'.repeat(257), value: 'v' }),
      'domain.header.nameMax',
      'headers.0.name',
    );
    expectOk(HeaderRulesBodySchema, body({ name: 'x'.repeat(256), value: 'v' }));
    expectFail(
      HeaderRulesBodySchema,
      body({ name: 'X Bad', value: 'v' }),
      'domain.header.nameFormat',
      'headers.0.name',
    );
    expectFail(HeaderRulesBodySchema, body({ name: '', value: 'v' }), 'validation.required', 'headers.0.name');
    expectFail(HeaderRulesBodySchema, body({ name: 'Host', value: 'v' }), 'domain.header.reserved', 'headers.0.name');
    expectFail(
      HeaderRulesBodySchema,
      body({ name: 'X-A', value: '1' }, { name: 'x-a', value: '2' }),
      'domain.header.duplicate',
      'headers.1.name',
    );
  });

  it('needs a value unless deleting; numbers 0 to 1,000,000,000', () => {
    expectFail(HeaderRulesBodySchema, body({ name: 'X-A' }), 'validation.required', 'headers.0.value');
    expectOk(HeaderRulesBodySchema, body({ name: 'X-A', action: 'delete' }));
    expectFail(
      HeaderRulesBodySchema,
      body({ name: 'Max-Age', value: '1000000001' }),
      'domain.header.numberRange',
      'headers.0.value',
    );
    expectFail(
      HeaderRulesBodySchema,
      body({ name: 'Max-Age', value: '-1' }),
      'domain.header.numberRange',
      'headers.0.value',
    );
    expectOk(HeaderRulesBodySchema, body({ name: 'Max-Age', value: '1000000000' }, { name: 'X-Zero', value: '0' }));
    expectFail(
      HeaderRulesBodySchema,
      // A line break would inject a header of its own: refused like every control character.
      body({ name: 'X-A', value: 'a\r\nb' }),
      'validation.controlCharacters',
      'headers.0.value',
    );
    expectFail(
      HeaderRulesBodySchema,
      body({ name: 'X-A', value: 'v'.repeat(1025) }),
      'domain.header.valueMax',
      'headers.0.value',
    );
  });

  it('allows at most 20 headers', () => {
    const many = Array.from({ length: 21 }, (_, i) => ({ name: `X-H${i}`, value: 'v' }));
    expectFail(HeaderRulesBodySchema, { headers: many }, 'domain.header.max', 'headers');
    expectOk(HeaderRulesBodySchema, { headers: many.slice(0, 20) });
  });
});

describe('request limits', () => {
  const rule = (extra: object) => ({ type: 'all', periodSeconds: 10, limit: 200, ...extra });

  it('checks path and suffix content', () => {
    expectFail(RateLimitRuleSchema, rule({ type: 'path', content: 'api' }), 'domain.rateLimit.pathStart', 'content');
    expectFail(
      RateLimitRuleSchema,
      rule({ type: 'path', content: `/${'a'.repeat(256)}` }),
      'domain.rateLimit.pathMax',
      'content',
    );
    expectOk(RateLimitRuleSchema, rule({ type: 'path', content: `/${'a'.repeat(255)}` }));
    expectFail(
      RateLimitRuleSchema,
      rule({ type: 'suffix', content: 'php' }),
      'domain.rateLimit.suffixStart',
      'content',
    );
    expectFail(
      RateLimitRuleSchema,
      rule({ type: 'suffix', content: `.${'a'.repeat(32)}` }),
      'domain.rateLimit.suffixMax',
      'content',
    );
    expectOk(RateLimitRuleSchema, rule({ type: 'suffix', content: `.${'a'.repeat(31)}` }));
    expectFail(RateLimitRuleSchema, rule({ type: 'path', content: '' }), 'validation.required', 'content');
    expectFail(RateLimitRuleSchema, rule({ content: '/a' }), 'domain.cache.allNoContent', 'content');
  });

  it('checks threshold >= 0 and value >= 1', () => {
    expectFail(RateLimitRuleSchema, rule({ threshold: -1 }), 'domain.rateLimit.thresholdMin', 'threshold');
    expectOk(RateLimitRuleSchema, rule({ threshold: 0 }));
    expectFail(RateLimitRuleSchema, rule({ limit: 0 }), 'domain.rateLimit.valueMin', 'limit');
    expectFail(RateLimitRuleSchema, rule({ periodSeconds: 0 }), 'domain.rateLimit.valueMin', 'periodSeconds');
    expectOk(RateLimitRuleSchema, rule({ limit: 1, periodSeconds: 1 }));
    expect(RateLimitRuleSchema.parse(rule({}))).toMatchObject({ content: '', threshold: 0, action: 'block' });
  });

  it('refuses a rule slower than one request per minute (the slowest rate nginx takes), naming the longest period', () => {
    expectOk(RateLimitRuleSchema, rule({ limit: 1, periodSeconds: 60 }));
    expectFail(RateLimitRuleSchema, rule({ limit: 1, periodSeconds: 61 }), 'domain.rateLimit.tooSlow', 'periodSeconds');
    expectOk(RateLimitRuleSchema, rule({ limit: 2, periodSeconds: 120 }));
    const slow = RateLimitRuleSchema.safeParse(rule({ limit: 2, periodSeconds: 121 }));
    expect(slow.error?.issues).toHaveLength(1);
    const { key, params } = issueMessage(slow.error!.issues[0]!);
    expect(format(enUS, key, params)).toBe(
      'The edge enforces at least one request per minute: make the period at most 120 seconds, or raise the value',
    );
  });

  it('keeps one all-files rule and refuses duplicates', () => {
    expectFail(
      RequestLimitsSchema,
      { status: 'on', rules: [rule({}), rule({})] },
      'domain.rateLimit.allDuplicate',
      'rules.1.type',
    );
    const p = rule({ type: 'path', content: '/api' });
    expectFail(RequestLimitsSchema, { status: 'on', rules: [p, p] }, 'domain.rateLimit.duplicate', 'rules.1.content');
    expectOk(RequestLimitsSchema, { status: 'on', rules: [rule({}), p, rule({ type: 'suffix', content: '.php' })] });
    const many = Array.from({ length: 21 }, (_, i) => rule({ type: 'path', content: `/p${i}` }));
    expectFail(RequestLimitsSchema, { status: 'on', rules: many }, 'domain.rateLimit.max', 'rules');
    expectFail(RequestLimitsSchema, { status: 'on', rules: [] }, 'validation.required', 'rules');
    expectOk(RequestLimitsSchema, { status: 'off' });
  });

  it('exports the presets of spec section 9', () => {
    expect(rateLimitPresets).toEqual({
      loose: { limit: 2000, periodSeconds: 5 },
      moderate: { limit: 200, periodSeconds: 10 },
      strict: { limit: 40, periodSeconds: 10 },
    });
    expect(recommendedRateLimitPreset).toBe('moderate');
  });
});

describe('switches', () => {
  it('take on or off only, and are required', () => {
    expectFail(RangeSwitchSchema, { rangeSwitch: 'yes' }, 'validation.required', 'rangeSwitch');
    expectOk(RangeSwitchSchema, { rangeSwitch: 'on' });
    expectFail(CompressionSchema, { gzip: 'on' }, 'validation.required', 'brotli');
    expectOk(CompressionSchema, { gzip: 'on', brotli: 'off' });
    expectFail(WebsocketSchema, {}, 'validation.required', 'websocket');
    expectOk(WebsocketSchema, { websocket: 'off' });
  });
});

describe('field rules for forms', () => {
  it('reaches each field schema on its own, refinements included', () => {
    expect(OriginSettingSchema.shape.ipOrDomain.safeParse(['10.0.0.1']).error?.issues[0]?.message).toBe(
      'domain.origin.internalIp',
    );
    expect(UrlAuthSchema.shape.key.safeParse('abc').error?.issues[0]?.message).toBe('domain.urlAuth.keyFormat');
    expect(CacheConfigSchema.shape.rules.safeParse([]).error?.issues[0]?.message).toBe('domain.cache.allRequired');
    expect(HttpsInfoSchema.shape.certificate.unwrap().shape.name.safeParse('ab').success).toBe(false);
    expect(IpAclSchema.shape.list.unwrap().safeParse(['10.1.2.0/16']).error?.issues[0]?.message).toBe(
      'domain.ipAcl.notFirstAddress',
    );
  });
});

describe('the typed lists, entry by entry', () => {
  it('splits lines at LF and CRLF, and cache contents with spaces around the separators and the trailing ;', () => {
    expect(splitLines('a\nb\r\nc')).toEqual(['a', 'b', 'c']);
    expect(splitCacheContent(' /a ; /b ')).toEqual(['/a', '/b']);
    expect(splitCacheContent('/a; ')).toEqual(['/a', '']);
  });

  it('reads only digits and dots, or a colon, as an attempt at an IP address', () => {
    expect([looksLikeIp('10.0.0.1'), looksLikeIp('::1'), looksLikeIp('a10.0'), looksLikeIp('10.0a')]).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });

  it('writes a referer entry trimmed, in lower case and with its IDN host in ASCII, the port kept', () => {
    expect(normalizeRefererEntry(' *.例子.COM:8080 ')).toBe('*.xn--fsqu00a.com:8080');
  });

  it('tells an empty entry from a malformed one, and checks the whole entry', () => {
    expect(refererEntryIssue('')).toBe('validation.required');
    expect(refererEntryIssue('a:example.com:80')).toBe('domain.referer.format');
    expect(refererEntryIssue('example.com:80x')).toBe('domain.referer.format');
    expect(ipAclEntryMessage('')).toBe('validation.required');
    expect(userAgentRuleIssue('')).toBe('validation.required');
  });

  it('tells two segments of one address apart by their masks', () => {
    expect(issuesOf(IpAclSchema, { type: 'deny', list: ['10.0.0.0/24', '10.0.0.0/16'] })).toEqual([]);
  });

  it('takes an empty URL auth key (none set yet)', () => {
    expect(UrlAuthKeySchema.parse('')).toBe('');
  });

  it('checks the range of a header value made only of a number, and only of one', () => {
    const value = (v: string) => issuesOf(HeaderRulesBodySchema, { headers: [{ name: 'X-A', value: v }] });
    expect(value('2000000000.55')).toEqual([{ path: 'headers.0.value', message: 'domain.header.numberRange' }]);
    expect(value('x2000000000')).toEqual([]);
    expect(value('2000000000x')).toEqual([]);
  });

  it('refuses characters a request-limit path or suffix cannot hold', () => {
    const rule = (type: string, content: string) =>
      issuesOf(RateLimitRuleSchema, { type, content, periodSeconds: 1, limit: 1 });
    expect(rule('path', '/a b')).toEqual([{ path: 'content', message: 'domain.cache.pathChars' }]);
    expect(rule('suffix', '.j p')).toEqual([{ path: 'content', message: 'domain.cache.suffixChars' }]);
  });

  it('compares request-limit suffixes without case and paths with it', () => {
    const rules = (type: string, a: string, b: string) =>
      issuesOf(RequestLimitsSchema, {
        status: 'on',
        rules: [a, b].map((content) => ({ type, content, periodSeconds: 1, limit: 1 })),
      }).map((i) => i.message);
    expect(rules('suffix', '.JPG', '.jpg')).toEqual(['domain.rateLimit.duplicate']);
    expect(rules('path', '/A', '/a')).toEqual([]);
  });
});
