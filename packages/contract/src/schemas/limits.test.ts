import { domainNameOfLength, repeat } from '@edgeward/testkit/names';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { limitNamed, limits } from '../limits';
import { issueMessage } from '../messages';
import { LoginSchema, PasswordSchema, UserNameSchema } from './auth';
import { CertificateApplicationCreateSchema, CertificateDeploySchema } from './certificate';
import { IdempotencyKeySchema, RechargeCreateSchema } from './commerce';
import { PageQuerySchema } from './common';
import { DomainNameSchema } from './domain';
import {
  CacheRuleSchema,
  CacheRulesSchema,
  CertificateUploadSchema,
  HeaderRuleSchema,
  HeaderRulesSchema,
  IpAclListSchema,
  OriginSettingSchema,
  RateLimitRuleSchema,
  RateLimitRulesSchema,
  RefererListSchema,
  UrlAuthSchema,
  UserAgentRulesSchema,
} from './domain-config';
import { BandwidthAbuseDefenseSchema, SlowAttackDefenseSchema } from './eo';
import { RealNameSchema } from './identity';
import { NoticeListQuerySchema } from './message';
import { CacheTaskCreateSchema } from './preheat';
import { ApiKeyCreateSchema } from './security';
import { TicketAppealSchema, TicketCloseSchema, TicketCreateSchema, TicketReplyCreateSchema } from './support';
import { StatisticsQuerySchema, TopQuerySchema } from './traffic';

/*
 * Both boundaries of every limit the schemas enforce (limits.ts, spec sections 5 and 9): the limit's own value is
 * accepted and the value one step beyond it is refused, with the limit's message on the limit's field. Each row names
 * its constant; its value is read from limits.ts, so a changed number moves both boundaries of its row.
 */

type LimitName = string;

interface LimitRow {
  limit: LimitName;
  /** 'min': the value is the smallest accepted, one less is refused; 'max': the largest, one more is refused. */
  bound: 'min' | 'max';
  schema: z.ZodType;
  /** The input at `value`; `step` is 0 at the boundary and ±1 beyond it (a row may read it at a finer unit). */
  input: (value: number, step: number) => unknown;
  /** The refusal's path, dotted ('' for the whole input). */
  path: string;
  message: string;
}

const list = <T>(length: number, entry: (i: number) => T) => Array.from({ length }, (_, i) => entry(i));
/** Most rows read the value one step beyond, in the limit's own unit. */
const domainOfLength = (length: number) =>
  domainNameOfLength(length, { labelMax: limits.domain.labelMax, suffix: 'com' });

const at =
  (input: (value: number) => unknown) =>
  (value: number, step: number): unknown =>
    input(value + step);

/** A PEM block of exactly `length` characters whose body is base64 letters. */
function pemOfLength(label: string, length: number): string {
  const head = `-----BEGIN ${label}-----\n`;
  const tail = `\n-----END ${label}-----`;
  return `${head}${repeat(length - head.length - tail.length, 'A')}${tail}`;
}

const certificate = pemOfLength('CERTIFICATE', 100);
const privateKey = pemOfLength('PRIVATE KEY', 100);
const DAY_MS = 86_400_000;
const START = Date.UTC(2026, 0, 1);

const eoRange = (
  schema: z.ZodType,
  field: string,
  minimum: LimitName,
  maximum: LimitName,
  message: string,
): LimitRow[] =>
  (['min', 'max'] as const).map((bound) => ({
    limit: bound === 'min' ? minimum : maximum,
    bound,
    schema,
    input: at((value) => ({ status: 'on', [field]: value })),
    path: field,
    message,
  }));

const cacheRule = (rule: object) => ({ priority: 1, type: 'all', ttl: 1, ...rule });
const rateLimitRule = (rule: object) => ({ type: 'all', periodSeconds: 1, limit: 1, ...rule });
const ticket = (fields: object) => ({
  product: 'cdn',
  urgency: 'consultation',
  title: 't',
  description: 'd',
  ...fields,
});

const rows: LimitRow[] = [
  // Account (spec section 5)
  {
    limit: 'account.userNameMin',
    bound: 'min',
    schema: UserNameSchema,
    input: at(repeat),
    path: '',
    message: 'account.userName.min',
  },
  {
    limit: 'account.userNameMax',
    bound: 'max',
    schema: UserNameSchema,
    input: at(repeat),
    path: '',
    message: 'account.userName.max',
  },
  {
    limit: 'account.passwordMin',
    bound: 'min',
    schema: PasswordSchema,
    input: at(repeat),
    path: '',
    message: 'account.password.min',
  },
  {
    limit: 'account.passwordMax',
    bound: 'max',
    schema: PasswordSchema,
    input: at(repeat),
    path: '',
    message: 'account.password.max',
  },
  {
    limit: 'account.userNameMax',
    bound: 'max',
    schema: LoginSchema,
    input: at((n) => ({ userName: repeat(n), password: 'p' })),
    path: 'userName',
    message: 'account.userName.max',
  },
  {
    limit: 'account.passwordMax',
    bound: 'max',
    schema: LoginSchema,
    input: at((n) => ({ userName: 'user', password: repeat(n) })),
    path: 'password',
    message: 'account.password.max',
  },
  {
    limit: 'identity.realNameMax',
    bound: 'max',
    schema: RealNameSchema,
    input: at((n) => repeat(n, '张')),
    path: '',
    message: 'identity.realName.format',
  },
  {
    limit: 'commerce.rechargeMinYuan',
    bound: 'min',
    schema: RechargeCreateSchema,
    input: at((n) => ({ amountYuan: n, method: 'qr' })),
    path: 'amountYuan',
    message: 'commerce.recharge.min',
  },
  {
    limit: 'commerce.rechargeMaxYuan',
    bound: 'max',
    schema: RechargeCreateSchema,
    input: at((n) => ({ amountYuan: n, method: 'qr' })),
    path: 'amountYuan',
    message: 'commerce.recharge.max',
  },
  {
    limit: 'commerce.idempotencyKeyMax',
    bound: 'max',
    schema: IdempotencyKeySchema,
    input: at(repeat),
    path: '',
    message: 'commerce.idempotencyKey.invalid',
  },
  {
    limit: 'apiKey.noteMax',
    bound: 'max',
    schema: ApiKeyCreateSchema,
    input: at((n) => ({ note: repeat(n) })),
    path: 'note',
    message: 'security.apiKey.note.max',
  },

  // Tickets (spec sections 4, 5 and 9)
  {
    limit: 'support.titleMax',
    bound: 'max',
    schema: TicketCreateSchema,
    input: at((n) => ticket({ title: repeat(n) })),
    path: 'title',
    message: 'validation.tooLong',
  },
  {
    limit: 'support.textMax',
    bound: 'max',
    schema: TicketCreateSchema,
    input: at((n) => ticket({ description: repeat(n) })),
    path: 'description',
    message: 'validation.tooLong',
  },
  {
    limit: 'support.imagesMax',
    bound: 'max',
    schema: TicketCreateSchema,
    input: at((n) => ticket({ imageIds: list(n, (i) => i + 1) })),
    path: 'imageIds',
    message: 'support.image.tooMany',
  },
  {
    limit: 'support.textMax',
    bound: 'max',
    schema: TicketReplyCreateSchema,
    input: at((n) => ({ content: repeat(n) })),
    path: 'content',
    message: 'validation.tooLong',
  },
  {
    limit: 'support.imagesMax',
    bound: 'max',
    schema: TicketReplyCreateSchema,
    input: at((n) => ({ content: 'c', imageIds: list(n, (i) => i + 1) })),
    path: 'imageIds',
    message: 'support.image.tooMany',
  },
  {
    limit: 'support.appealMax',
    bound: 'max',
    schema: TicketAppealSchema,
    input: at((n) => ({ reason: repeat(n) })),
    path: 'reason',
    message: 'validation.tooLong',
  },
  {
    limit: 'support.ratingMin',
    bound: 'min',
    schema: TicketCloseSchema,
    input: at((n) => ({ solved: true, rating: n })),
    path: 'rating',
    message: 'support.rating.range',
  },
  {
    limit: 'support.ratingMax',
    bound: 'max',
    schema: TicketCloseSchema,
    input: at((n) => ({ solved: true, rating: n })),
    path: 'rating',
    message: 'support.rating.range',
  },

  // Domain names and origins (spec section 5, Origin)
  {
    limit: 'domain.nameMax',
    bound: 'max',
    schema: DomainNameSchema,
    input: at(domainOfLength),
    path: '',
    message: 'domain.name.tooLong',
  },
  {
    limit: 'domain.labelMax',
    bound: 'max',
    schema: DomainNameSchema,
    input: at((n) => `${repeat(n)}.example.com`),
    path: '',
    message: 'domain.name.labelTooLong',
  },
  {
    limit: 'domain.originMax',
    bound: 'max',
    schema: OriginSettingSchema,
    input: at((n) => ({ ipOrDomain: list(n, (i) => `203.0.113.${i + 1}`) })),
    path: 'ipOrDomain',
    message: 'domain.origin.ipMax',
  },
  {
    limit: 'domain.portMin',
    bound: 'min',
    schema: OriginSettingSchema,
    input: at((n) => ({ ipOrDomain: ['203.0.113.1'], httpPort: n })),
    path: 'httpPort',
    message: 'domain.port.range',
  },
  {
    limit: 'domain.portMax',
    bound: 'max',
    schema: OriginSettingSchema,
    input: at((n) => ({ ipOrDomain: ['203.0.113.1'], httpsPort: n })),
    path: 'httpsPort',
    message: 'domain.port.range',
  },

  // Certificates
  {
    limit: 'domain.certNameMin',
    bound: 'min',
    schema: CertificateUploadSchema,
    input: at((n) => ({ name: repeat(n), certificate, privateKey })),
    path: 'name',
    message: 'domain.cert.nameLength',
  },
  {
    limit: 'domain.certNameMax',
    bound: 'max',
    schema: CertificateUploadSchema,
    input: at((n) => ({ name: repeat(n), certificate, privateKey })),
    path: 'name',
    message: 'domain.cert.nameLength',
  },
  {
    limit: 'domain.certContentMax',
    bound: 'max',
    schema: CertificateUploadSchema,
    input: at((n) => ({ name: 'site', certificate: pemOfLength('CERTIFICATE', n), privateKey })),
    path: 'certificate',
    message: 'domain.cert.contentMax',
  },
  {
    limit: 'domain.certContentMax',
    bound: 'max',
    schema: CertificateUploadSchema,
    input: at((n) => ({ name: 'site', certificate, privateKey: pemOfLength('PRIVATE KEY', n) })),
    path: 'privateKey',
    message: 'domain.cert.contentMax',
  },
  {
    limit: 'certificate.deployMax',
    bound: 'max',
    schema: CertificateDeploySchema,
    input: at((n) => ({ domainIds: list(n, (i) => i + 1) })),
    path: 'domainIds',
    message: 'validation.tooMany',
  },
  {
    limit: 'certificate.applicationNamesMax',
    bound: 'max',
    schema: CertificateApplicationCreateSchema,
    input: at((n) => ({ domainNames: list(n, (i) => `d${i}.example.com`), keyType: 'RSA' })),
    path: 'domainNames',
    message: 'validation.tooMany',
  },
  {
    limit: 'certificate.deployMax',
    bound: 'max',
    schema: CertificateApplicationCreateSchema,
    input: at((n) => ({ domainNames: ['example.com'], keyType: 'RSA', deployDomainIds: list(n, (i) => i + 1) })),
    path: 'deployDomainIds',
    message: 'validation.tooMany',
  },

  // Cache
  {
    limit: 'domain.cachePriorityMin',
    bound: 'min',
    schema: CacheRuleSchema,
    input: at((n) => cacheRule({ priority: n })),
    path: 'priority',
    message: 'domain.cache.priorityRange',
  },
  {
    limit: 'domain.cachePriorityMax',
    bound: 'max',
    schema: CacheRuleSchema,
    input: at((n) => cacheRule({ priority: n })),
    path: 'priority',
    message: 'domain.cache.priorityRange',
  },
  {
    limit: 'domain.cacheContentMax',
    bound: 'max',
    schema: CacheRuleSchema,
    input: at((n) => cacheRule({ type: 'suffix', content: list(n, (i) => `.e${i}`) })),
    path: 'content',
    message: 'domain.cache.contentMax',
  },
  {
    limit: 'domain.cacheExpiryMin',
    bound: 'min',
    schema: CacheRuleSchema,
    input: at((n) => cacheRule({ ttl: n })),
    path: 'ttl',
    message: 'domain.cache.expiryRange',
  },
  // In seconds: 365 days to the second is the last accepted expiry, one second more the first refused.
  {
    limit: 'domain.cacheExpiryMaxDays',
    bound: 'max',
    schema: CacheRuleSchema,
    input: (days, step) => cacheRule({ ttl: days * 86_400 + step, unit: 'seconds' }),
    path: 'ttl',
    message: 'domain.cache.expiryMax',
  },
  {
    limit: 'domain.cacheExpiryMaxDays',
    bound: 'max',
    schema: CacheRuleSchema,
    input: at((n) => cacheRule({ ttl: n, unit: 'days' })),
    path: 'ttl',
    message: 'domain.cache.expiryMax',
  },
  {
    limit: 'domain.cachePriorityMax',
    bound: 'max',
    schema: CacheRulesSchema,
    input: at((n) =>
      list(n, (i) => cacheRule(i === 0 ? { priority: 1 } : { priority: i + 1, type: 'path', content: ['/p'] })),
    ),
    path: '',
    message: 'validation.tooMany',
  },

  // Access control
  {
    limit: 'domain.refererMax',
    bound: 'max',
    schema: RefererListSchema,
    input: at((n) => list(n, (i) => `r${i}.example.com`)),
    path: '',
    message: 'domain.referer.max',
  },
  {
    limit: 'domain.portMax',
    bound: 'max',
    schema: RefererListSchema,
    input: at((n) => [`example.com:${n}`]),
    path: '0',
    message: 'domain.referer.port',
  },
  {
    limit: 'domain.portMin',
    bound: 'min',
    schema: RefererListSchema,
    input: at((n) => [`example.com:${n}`]),
    path: '0',
    message: 'domain.referer.port',
  },
  {
    limit: 'domain.ipAclMax',
    bound: 'max',
    schema: IpAclListSchema,
    input: at((n) => list(n, (i) => `10.0.${i}.1`)),
    path: '',
    message: 'domain.ipAcl.max',
  },
  {
    limit: 'domain.uaRulesMax',
    bound: 'max',
    schema: UserAgentRulesSchema,
    input: at((n) => list(n, (i) => `bot${i}*`)),
    path: '',
    message: 'domain.ua.max',
  },
  {
    limit: 'domain.uaRuleMax',
    bound: 'max',
    schema: UserAgentRulesSchema,
    input: at((n) => [repeat(n)]),
    path: '0',
    message: 'domain.ua.tooLong',
  },

  // URL auth
  {
    limit: 'domain.urlAuthKeyMin',
    bound: 'min',
    schema: UrlAuthSchema,
    input: at((n) => ({ key: repeat(n) })),
    path: 'key',
    message: 'domain.urlAuth.keyFormat',
  },
  {
    limit: 'domain.urlAuthKeyMax',
    bound: 'max',
    schema: UrlAuthSchema,
    input: at((n) => ({ key: repeat(n) })),
    path: 'key',
    message: 'domain.urlAuth.keyFormat',
  },
  {
    limit: 'domain.urlAuthKeyMax',
    bound: 'max',
    schema: UrlAuthSchema,
    input: at((n) => ({ backupKey: repeat(n) })),
    path: 'backupKey',
    message: 'domain.urlAuth.keyFormat',
  },
  {
    limit: 'domain.urlAuthExpireMin',
    bound: 'min',
    schema: UrlAuthSchema,
    input: at((n) => ({ expireTime: n })),
    path: 'expireTime',
    message: 'domain.urlAuth.expireRange',
  },
  {
    limit: 'domain.urlAuthExpireMax',
    bound: 'max',
    schema: UrlAuthSchema,
    input: at((n) => ({ expireTime: n })),
    path: 'expireTime',
    message: 'domain.urlAuth.expireRange',
  },
  {
    limit: 'domain.urlAuthSignArgMax',
    bound: 'max',
    schema: UrlAuthSchema,
    input: at((n) => ({ signArg: repeat(n) })),
    path: 'signArg',
    message: 'domain.urlAuth.signArgFormat',
  },

  // Headers
  {
    limit: 'domain.headerNameMax',
    bound: 'max',
    schema: HeaderRuleSchema,
    input: at((n) => ({ name: repeat(n, 'x'), value: 'v' })),
    path: 'name',
    message: 'domain.header.nameMax',
  },
  {
    limit: 'domain.headerValueMax',
    bound: 'max',
    schema: HeaderRuleSchema,
    input: at((n) => ({ name: 'X-A', value: repeat(n, 'v') })),
    path: 'value',
    message: 'domain.header.valueMax',
  },
  {
    limit: 'domain.headerNumberMin',
    bound: 'min',
    schema: HeaderRuleSchema,
    input: at((n) => ({ name: 'X-A', value: String(n) })),
    path: 'value',
    message: 'domain.header.numberRange',
  },
  {
    limit: 'domain.headerNumberMax',
    bound: 'max',
    schema: HeaderRuleSchema,
    input: at((n) => ({ name: 'X-A', value: String(n) })),
    path: 'value',
    message: 'domain.header.numberRange',
  },
  {
    limit: 'domain.headersMax',
    bound: 'max',
    schema: HeaderRulesSchema,
    input: at((n) => list(n, (i) => ({ name: `X-H${i}`, value: 'v' }))),
    path: '',
    message: 'domain.header.max',
  },

  // Rate-limit rules
  {
    limit: 'domain.rateLimitPathMax',
    bound: 'max',
    schema: RateLimitRuleSchema,
    input: at((n) => rateLimitRule({ type: 'path', content: `/${repeat(n - 1)}` })),
    path: 'content',
    message: 'domain.rateLimit.pathMax',
  },
  {
    limit: 'domain.rateLimitSuffixMax',
    bound: 'max',
    schema: RateLimitRuleSchema,
    input: at((n) => rateLimitRule({ type: 'suffix', content: `.${repeat(n - 1)}` })),
    path: 'content',
    message: 'domain.rateLimit.suffixMax',
  },
  {
    limit: 'domain.rateLimitThresholdMin',
    bound: 'min',
    schema: RateLimitRuleSchema,
    input: at((n) => rateLimitRule({ threshold: n })),
    path: 'threshold',
    message: 'domain.rateLimit.thresholdMin',
  },
  {
    limit: 'domain.rateLimitValueMin',
    bound: 'min',
    schema: RateLimitRuleSchema,
    input: at((n) => rateLimitRule({ limit: n })),
    path: 'limit',
    message: 'domain.rateLimit.valueMin',
  },
  {
    limit: 'domain.rateLimitValueMin',
    bound: 'min',
    schema: RateLimitRuleSchema,
    input: at((n) => rateLimitRule({ periodSeconds: n })),
    path: 'periodSeconds',
    message: 'domain.rateLimit.valueMin',
  },
  {
    limit: 'domain.rateLimitRulesMax',
    bound: 'max',
    schema: RateLimitRulesSchema,
    input: at((n) => list(n, (i) => rateLimitRule({ type: 'path', content: `/p${i}` }))),
    path: '',
    message: 'domain.rateLimit.max',
  },

  // Edge-platform security policy
  ...eoRange(
    BandwidthAbuseDefenseSchema,
    'thresholdMb',
    'eo.abuseThresholdMbMin',
    'eo.abuseThresholdMbMax',
    'eo.abuse.threshold',
  ),
  ...eoRange(
    BandwidthAbuseDefenseSchema,
    'windowSeconds',
    'eo.abuseWindowSecondsMin',
    'eo.abuseWindowSecondsMax',
    'eo.abuse.window',
  ),
  ...eoRange(
    BandwidthAbuseDefenseSchema,
    'rateCapKbps',
    'eo.abuseRateCapKbpsMin',
    'eo.abuseRateCapKbpsMax',
    'eo.abuse.rateCap',
  ),
  ...eoRange(
    SlowAttackDefenseSchema,
    'minBodyRate',
    'eo.slowAttackMinRateMin',
    'eo.slowAttackMinRateMax',
    'eo.slow.minRate',
  ),
  ...eoRange(
    SlowAttackDefenseSchema,
    'headerTimeoutSeconds',
    'eo.headerTimeoutMin',
    'eo.headerTimeoutMax',
    'eo.slow.headerTimeout',
  ),
  ...eoRange(
    SlowAttackDefenseSchema,
    'bodyTimeoutSeconds',
    'eo.bodyTimeoutMin',
    'eo.bodyTimeoutMax',
    'eo.slow.bodyTimeout',
  ),

  // Preheat and refresh
  {
    limit: 'preheat.urlsPerTask',
    bound: 'max',
    schema: CacheTaskCreateSchema,
    input: at((n) => ({ type: 'preheat', urls: list(n, (i) => `http://www.example.com/${i}`) })),
    path: 'urls',
    message: 'preheat.urls.tooMany',
  },
  {
    limit: 'preheat.urlsPerTask',
    bound: 'max',
    schema: CacheTaskCreateSchema,
    input: at((n) => ({ type: 'refreshUrl', urls: list(n, (i) => `http://www.example.com/${i}`) })),
    path: 'urls',
    message: 'preheat.urls.tooMany',
  },
  {
    limit: 'preheat.dirsPerTask',
    bound: 'max',
    schema: CacheTaskCreateSchema,
    input: at((n) => ({ type: 'refreshDir', urls: list(n, (i) => `http://www.example.com/${i}/`) })),
    path: 'urls',
    message: 'preheat.urls.tooMany',
  },
  {
    limit: 'preheat.urlMax',
    bound: 'max',
    schema: CacheTaskCreateSchema,
    input: at((n) => ({
      type: 'preheat',
      urls: [`http://www.example.com/${repeat(n - 'http://www.example.com/'.length)}`],
    })),
    path: 'urls.0',
    message: 'preheat.url.tooLong',
  },

  // Lists and statistics
  {
    limit: 'page.maxSize',
    bound: 'max',
    schema: PageQuerySchema,
    input: at((n) => ({ size: n })),
    path: 'size',
    message: 'validation.tooBig',
  },
  {
    limit: 'page.maxSize',
    bound: 'max',
    schema: NoticeListQuerySchema,
    input: at((n) => ({ size: n })),
    path: 'size',
    message: 'validation.tooBig',
  },
  {
    limit: 'traffic.topMax',
    bound: 'max',
    schema: TopQuerySchema,
    input: at((n) => ({ kind: 'url', limit: n, startTime: START, endTime: START + DAY_MS })),
    path: 'limit',
    message: 'validation.tooBig',
  },
  {
    limit: 'traffic.maxQueryDomains',
    bound: 'max',
    schema: StatisticsQuerySchema,
    input: at((n) => ({ startTime: START, endTime: START + DAY_MS, domainNames: list(n, (i) => `d${i}.example.com`) })),
    path: 'domainNames',
    message: 'validation.tooMany',
  },
  // To the millisecond: the whole span is accepted, a millisecond more refused.
  {
    limit: 'traffic.maxRangeDays',
    bound: 'max',
    schema: StatisticsQuerySchema,
    input: (days, step) => ({ startTime: START, endTime: START + days * DAY_MS + step }),
    path: 'endTime',
    message: 'traffic.range.tooLong',
  },
  {
    limit: 'traffic.maxFiveMinuteRangeDays',
    bound: 'max',
    schema: StatisticsQuerySchema,
    input: (days, step) => ({ startTime: START, endTime: START + days * DAY_MS + step, granularity: '5m' }),
    path: 'granularity',
    message: 'traffic.range.tooFine',
  },
];

describe('every limit, at both boundaries', () => {
  it.each(rows.map((row) => [`${row.limit} (${row.bound}) on ${row.path || 'the value'}`, row] as const))(
    '%s',
    (_, row) => {
      const value = limitNamed(row.limit);
      const accepted = row.schema.safeParse(row.input(value, 0));
      expect(accepted.error?.issues ?? [], 'the boundary value is accepted').toEqual([]);

      const refused = row.schema.safeParse(row.input(value, row.bound === 'max' ? 1 : -1));
      // As the server and the forms show it: a keyed message, or zod's own bound read as its key.
      const issues = (refused.error?.issues ?? []).map((issue) => ({
        path: issue.path.join('.'),
        message: issueMessage(issue).key,
      }));
      expect(issues, 'the value one beyond is refused').toContainEqual({ path: row.path, message: row.message });
    },
  );

  it('builds its long inputs at the exact length', () => {
    expect(domainOfLength(limits.domain.nameMax)).toHaveLength(limits.domain.nameMax);
    expect(domainOfLength(limits.domain.nameMax + 1)).toHaveLength(limits.domain.nameMax + 1);
    expect(pemOfLength('CERTIFICATE', limits.domain.certContentMax)).toHaveLength(limits.domain.certContentMax);
  });
});
