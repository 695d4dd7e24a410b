import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { limits } from '../limits';
import { issueMessage } from '../messages';
import {
  EmailCodeRequestSchema,
  EmailCodeSchema,
  EmailSchema,
  PasswordEditSchema,
  PasswordSchema,
  PhoneSchema,
  passwordStrength,
  RegisterSchema,
  ResetPasswordSchema,
  UserNameSchema,
} from './auth';
import {
  CertificateApplicationCreateSchema,
  CertificateApplicationListQuerySchema,
  CertificateApplicationNameSchema,
  CertificateListQuerySchema,
  CertificateReplaceSchema,
  certificateValidity,
} from './certificate';
import { IdempotencyKeySchema, OrderCreateSchema, OrderListQuerySchema, RechargeCreateSchema } from './commerce';
import {
  epochMsQuery,
  IdParamsSchema,
  latestEpochMs,
  multilineText,
  number,
  PageQuerySchema,
  requiredText,
  text,
} from './common';
import { DomainExportQuerySchema, DomainListQuerySchema } from './domain';
import {
  AccessListTypeSchema,
  CacheExpiryUnitSchema,
  CacheRuleSchema,
  CacheRuleTypeSchema,
  ForceRedirectTypeSchema,
  HeaderActionSchema,
  IpAclSchema,
  Ipv6StatusSchema,
  OnOffSchema,
  OriginProtocolSchema,
  PortSchema,
  RateLimitRuleSchema,
  RefererSchema,
  UrlAuthSchema,
  UrlAuthTypeSchema,
  UserAgentFilterSchema,
} from './domain-config';
import { BandwidthAbuseDefenseSchema, FrequencyLevelSchema } from './eo';
import { NoticeListQuerySchema } from './message';
import { OperationLogQuerySchema } from './operation-log';
import {
  ApiKeyCreateSchema,
  SecondFactorCodeSchema,
  SecondFactorLoginSchema,
  TotpCodeSchema,
  TwoFactorDisableSchema,
} from './security';
import { TicketCloseSchema, TicketCreateSchema, TicketListQuerySchema } from './support';
import { HomeQuerySchema, StatisticsQuerySchema, TopQuerySchema } from './traffic';

/*
 * The request schemas' own rules, each with an input only that rule refuses: the message key the form and the
 * server show, on its field. (limits.test.ts holds every numeric limit at both boundaries.)
 */

/** The first message of each refused path ('' for the value itself), or {} when the input is accepted. */
function problems(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[issue.path.join('.')] ??= issue.message;
  return out;
}
const refused = (schema: z.ZodType, input: unknown) => problems(schema, input)[''];

describe('common request parts', () => {
  it('pages from 1 with 20 a page by default, coercing query text', () => {
    expect(PageQuerySchema.parse({})).toEqual({ page: 1, size: limits.page.defaultSize });
    expect(PageQuerySchema.parse({ page: '3', size: '7' })).toEqual({ page: 3, size: 7 });
    expect(problems(PageQuerySchema, { page: 0 })).toHaveProperty('page');
    expect(problems(PageQuerySchema, { size: 0 })).toHaveProperty('size');
    expect(problems(PageQuerySchema, { page: 1.5 })).toHaveProperty('page');
  });

  it('reads an id in one spelling only, up to the largest exact integer', () => {
    expect(IdParamsSchema.parse({ id: '1' })).toEqual({ id: 1 });
    expect(IdParamsSchema.parse({ id: 42 })).toEqual({ id: 42 });
    expect(IdParamsSchema.parse({ id: String(Number.MAX_SAFE_INTEGER) })).toEqual({ id: Number.MAX_SAFE_INTEGER });
    for (const id of [
      '0',
      '01',
      '+1',
      '-1',
      '1e3',
      ' 1',
      '1 ',
      '0x1',
      '1.0',
      '',
      String(Number.MAX_SAFE_INTEGER + 1),
    ]) {
      expect(problems(IdParamsSchema, { id }), id).toEqual({ id: 'validation.id' });
    }
    expect(problems(IdParamsSchema, { id: '12345678901234567' })).toEqual({ id: 'validation.id' });
  });

  it('takes query times from 1970 to the end of year 9999, whole milliseconds', () => {
    const time = epochMsQuery('validation.required');
    expect(time.parse('0')).toBe(0);
    expect(time.parse(String(latestEpochMs))).toBe(latestEpochMs);
    expect(latestEpochMs).toBe(Date.parse('9999-12-31T23:59:59.999Z'));
    for (const value of ['-1', String(latestEpochMs + 1), '1.5'])
      expect(refused(time, value), value).toBe('validation.time');
    expect(refused(time, 'abc')).toBe('validation.required');
    expect(refused(epochMsQuery(), 'abc')).toBe('validation.time');
  });

  it('refuses control characters in one-line text, and all but line breaks and tabs in several lines', () => {
    expect(text().parse('a b')).toBe('a b');
    for (const value of ['a\nb', 'a\tb', 'a\u0000', 'a\u001f', 'a\u007f']) {
      expect(refused(text(), value), JSON.stringify(value)).toBe('validation.controlCharacters');
    }
    expect(multilineText().parse('a\r\nb\tc')).toBe('a\r\nb\tc');
    for (const value of ['a\u0000', 'a\u0008', 'a\u000b', 'a\u000c', 'a\u000e', 'a\u001f', 'a\u007f']) {
      expect(refused(multilineText(), value), JSON.stringify(value)).toBe('validation.controlCharacters');
    }
    expect(refused(text('x.missing'), undefined)).toBe('x.missing');
    expect(refused(multilineText('x.missing'), undefined)).toBe('x.missing');
  });

  it('says a missing number is empty and other text is no number', () => {
    expect(refused(number(), undefined)).toBe('validation.required');
    expect(refused(number(), null)).toBe('validation.required');
    expect(refused(number(), '12')).toBe('validation.notNumber');
    expect(number().parse(12)).toBe(12);
  });

  it('trims required text, and only spaces is empty', () => {
    expect(requiredText().parse('  a  ')).toBe('a');
    expect(refused(requiredText('x.required'), '   ')).toBe('x.required');
    expect(refused(requiredText(), '')).toBe('validation.required');
  });
});

describe('account requests', () => {
  it('takes user names of letters, digits, dot, dash and underscore', () => {
    expect(UserNameSchema.parse(' user.name-1_ ')).toBe('user.name-1_');
    for (const name of ['user name', 'user@x', 'user/1']) {
      expect(refused(UserNameSchema, name), name).toBe('account.userName.format');
    }
  });

  it('says an empty password is empty before it is short', () => {
    expect(refused(PasswordSchema, '')).toBe('validation.required');
    expect(PasswordSchema.parse(' secret ')).toBe(' secret ');
  });

  it('checks email addresses and phone numbers', () => {
    expect(EmailSchema.parse(' a@example.com ')).toBe('a@example.com');
    for (const email of ['a@b', 'a.example.com', 'a@@example.com']) {
      expect(refused(EmailSchema, email), email).toBe('account.email.format');
    }
    for (const phone of ['13800000000', '19912345678', '+8613800000000', '+1234567', '+123456789012345']) {
      expect(PhoneSchema.parse(phone), phone).toBe(phone);
    }
    for (const phone of [
      '12800000000',
      '1380000000',
      '138000000000',
      '+0123456789',
      '+123456',
      '+1234567890123456',
      'x13800000000',
    ]) {
      expect(refused(PhoneSchema, phone), phone).toBe('account.phone.format');
    }
  });

  it('takes an emailed code of exactly its length in digits', () => {
    const length = limits.account.emailCodeLength;
    expect(EmailCodeSchema.parse('1'.repeat(length))).toBe('1'.repeat(length));
    for (const code of ['1'.repeat(length - 1), '1'.repeat(length + 1), `${'1'.repeat(length - 1)}a`]) {
      expect(refused(EmailCodeSchema, code), code).toBe('account.emailCode.format');
    }
    expect(refused(EmailCodeSchema, '')).toBe('account.emailCode.required');
  });

  it.each([
    ['abcde', 'tooShort'],
    ['abcdef', 'low'],
    ['abcdef1', 'low'],
    ['ABCDEFG!', 'medium'],
    ['ABCDEFGH12', 'medium'],
    ['abcdefg1', 'medium'],
    ['abcdefghi1', 'medium'],
    ['Abcdefgh1', 'medium'],
    ['Abcdefgh1x', 'strong'],
    ['abcdefgh1!', 'strong'],
    ['aaaaaaaaaaaa', 'low'],
  ])('rates %s as %s', (password, strength) => {
    expect(passwordStrength(password)).toBe(strength);
  });

  const registration = {
    userName: 'newuser',
    password: 'secret123',
    confirmPassword: 'secret123',
    email: 'new@example.com',
    phone: '13800000001',
    captchaId: 'c',
    captchaCode: 'k',
    emailCode: '123456',
    agreement: true,
  };

  it('registers with the agreement accepted and the password confirmed', () => {
    expect(problems(RegisterSchema, registration)).toEqual({});
    expect(problems(RegisterSchema, { ...registration, confirmPassword: 'secret124' })).toEqual({
      confirmPassword: 'account.password.mismatch',
    });
    expect(problems(RegisterSchema, { ...registration, agreement: false })).toEqual({
      agreement: 'account.agreement.required',
    });
    expect(problems(RegisterSchema, { ...registration, captchaCode: ' ' })).toEqual({
      captchaCode: 'account.captcha.required',
    });
  });

  it('confirms the new password of a change and of a reset', () => {
    const change = { oldPassword: 'old', newPassword: 'secret123', confirmPassword: 'secret123' };
    expect(problems(PasswordEditSchema, change)).toEqual({});
    expect(problems(PasswordEditSchema, { ...change, confirmPassword: 'secret12' })).toEqual({
      confirmPassword: 'account.password.mismatch',
    });
    expect(problems(PasswordEditSchema, { ...change, oldPassword: '' })).toEqual({
      oldPassword: 'validation.required',
    });
    const reset = { token: 't', password: 'secret123', confirmPassword: 'secret123' };
    expect(problems(ResetPasswordSchema, reset)).toEqual({});
    expect(problems(ResetPasswordSchema, { ...reset, confirmPassword: 'other123' })).toEqual({
      confirmPassword: 'account.password.mismatch',
    });
  });

  it('sends codes for registration only', () => {
    const request = { email: 'a@example.com', captchaId: 'c', captchaCode: 'k' };
    expect(EmailCodeRequestSchema.parse(request).purpose).toBe('register');
    expect(problems(EmailCodeRequestSchema, { ...request, purpose: 'reset' })).toHaveProperty('purpose');
  });
});

describe('security requests', () => {
  it('reads a TOTP or recovery code without its spaces', () => {
    expect(SecondFactorCodeSchema.parse(' 123 456 ')).toBe('123456');
    expect(SecondFactorCodeSchema.parse('abcde-12345')).toBe('abcde-12345');
    expect(SecondFactorCodeSchema.parse('ABCDE12345')).toBe('ABCDE12345');
    for (const code of ['12345', '1234567', 'abcd-12345', 'abcde_12345', 'abcde--12345', '']) {
      expect(refused(SecondFactorCodeSchema, code), code).toBe('security.twoFactor.code.format');
    }
    expect(refused(SecondFactorCodeSchema, undefined)).toBe('security.twoFactor.code.format');
  });

  it('enables two-factor sign-in with an app code only', () => {
    expect(TotpCodeSchema.parse('12 34 56')).toBe('123456');
    for (const code of ['abcde-12345', '12345', '1234567', 'a23456']) {
      expect(refused(TotpCodeSchema, code), code).toBe('security.twoFactor.code.format');
    }
  });

  it('bounds the challenge and the password of the second step', () => {
    expect(problems(SecondFactorLoginSchema, { challenge: 'c'.repeat(128), code: '123456' })).toEqual({});
    expect(problems(SecondFactorLoginSchema, { challenge: 'c'.repeat(129), code: '123456' })).toHaveProperty(
      'challenge',
    );
    expect(problems(SecondFactorLoginSchema, { challenge: '', code: '123456' })).toHaveProperty('challenge');
    const max = limits.account.passwordMax;
    expect(problems(TwoFactorDisableSchema, { password: 'p'.repeat(max), code: '123456' })).toEqual({});
    expect(problems(TwoFactorDisableSchema, { password: 'p'.repeat(max + 1), code: '123456' })).toHaveProperty(
      'password',
    );
    expect(problems(TwoFactorDisableSchema, { password: '', code: '123456' })).toEqual({
      password: 'validation.required',
    });
  });

  it('creates an API key with a trimmed note, writable unless asked', () => {
    expect(ApiKeyCreateSchema.parse({})).toEqual({ note: '', readOnly: false });
    expect(ApiKeyCreateSchema.parse({ note: ' ci ', readOnly: true })).toEqual({ note: 'ci', readOnly: true });
  });
});

describe('commerce requests', () => {
  it('says why an amount is refused', () => {
    const amount = (amountYuan: unknown) => problems(RechargeCreateSchema, { amountYuan, method: 'qr' }).amountYuan;
    expect(amount(undefined)).toBe('validation.required');
    expect(amount(null)).toBe('validation.required');
    expect(amount('10')).toBe('commerce.recharge.notNumber');
    expect(amount(1.5)).toBe('commerce.recharge.wholeYuan');
    expect(problems(RechargeCreateSchema, { amountYuan: 10, method: 'card' })).toEqual({
      method: 'validation.invalid',
    });
    expect(problems(RechargeCreateSchema, { amountYuan: 10, method: 'bank_transfer' })).toEqual({});
  });

  it('takes idempotency keys of letters, digits and _ . : -', () => {
    expect(IdempotencyKeySchema.parse('0b7c2d4e-1f2a-4b3c-8d9e-0a1b2c3d4e5f')).toBeTruthy();
    expect(IdempotencyKeySchema.parse('order_1.pay:2')).toBe('order_1.pay:2');
    expect(refused(IdempotencyKeySchema, undefined)).toBe('commerce.idempotencyKey.required');
    expect(refused(IdempotencyKeySchema, '')).toBe('commerce.idempotencyKey.required');
    for (const key of ['a b', 'a/b', 'ключ'])
      expect(refused(IdempotencyKeySchema, key), key).toBe('commerce.idempotencyKey.invalid');
  });

  it('orders a package by its positive id and searches orders by a trimmed number', () => {
    expect(problems(OrderCreateSchema, { packageId: 1 })).toEqual({});
    expect(problems(OrderCreateSchema, { packageId: 0 })).toHaveProperty('packageId');
    expect(problems(OrderCreateSchema, {})).toEqual({ packageId: 'validation.required' });
    expect(OrderListQuerySchema.parse({ orderNo: ' R1 ' }).orderNo).toBe('R1');
    expect(problems(OrderListQuerySchema, { orderNo: 'n'.repeat(65) })).toHaveProperty('orderNo');
  });
});

describe('certificate requests', () => {
  const day = 86_400_000;
  const now = Date.UTC(2026, 0, 1);

  it('calls a certificate expiring within the warning days, and expired only after its end', () => {
    expect(certificateValidity(now - 1, now)).toBe('expired');
    expect(certificateValidity(now, now)).toBe('expiring');
    expect(certificateValidity(now + limits.certificate.expiringDays * day, now)).toBe('expiring');
    expect(certificateValidity(now + limits.certificate.expiringDays * day + 1, now)).toBe('valid');
  });

  it('takes names and one-level wildcards in ASCII form', () => {
    expect(CertificateApplicationNameSchema.parse(' WWW.例子.com ')).toBe('www.xn--fsqu00a.com');
    expect(CertificateApplicationNameSchema.parse('*.例子.com')).toBe('*.xn--fsqu00a.com');
    for (const name of ['*.*.example.com', 'www.*.example.com', '*example.com', 'example', '1.2.3.4']) {
      expect(refused(CertificateApplicationNameSchema, name), name).toBe('certificate.application.nameFormat');
    }
    expect(refused(CertificateApplicationNameSchema, ' ')).toBe('validation.required');
    expect(refused(CertificateApplicationNameSchema, undefined)).toBe('validation.required');
  });

  it('refuses a name asked for twice, as written or once converted', () => {
    const create = (domainNames: string[]) =>
      problems(CertificateApplicationCreateSchema, { domainNames, keyType: 'ECC' });
    expect(create(['a.example.com', '*.example.com'])).toEqual({});
    expect(create(['a.example.com', 'A.example.com'])).toEqual({ domainNames: 'certificate.application.nameRepeated' });
    expect(create([])).toEqual({ domainNames: 'validation.required' });
    expect(problems(CertificateApplicationCreateSchema, { domainNames: ['a.com'], keyType: 'DSA' })).toEqual({
      keyType: 'validation.invalid',
    });
    expect(
      CertificateApplicationCreateSchema.parse({ domainNames: ['a.com'], keyType: 'RSA' }).deployDomainIds,
    ).toEqual([]);
  });

  it('replaces a certificate with or without a new name, and lists by a lower-cased name', () => {
    const pem = (label: string) => `-----BEGIN ${label}-----\nAAAA\n-----END ${label}-----`;
    const replacement = { certificate: pem('CERTIFICATE'), privateKey: pem('PRIVATE KEY') };
    expect(problems(CertificateReplaceSchema, replacement)).toEqual({});
    expect(problems(CertificateReplaceSchema, { ...replacement, name: 'ab' })).toEqual({
      name: 'domain.cert.nameLength',
    });
    expect(CertificateListQuerySchema.parse({ covers: ' WWW.Example.COM ' }).covers).toBe('www.example.com');
    expect(problems(CertificateListQuerySchema, { search: 's'.repeat(254) })).toHaveProperty('search');
  });
});

describe('support, message and log requests', () => {
  const ticket = { product: 'cdn', urgency: 'impact', title: ' Slow ', description: ' Pages load slowly ' };

  it('opens a ticket with a trimmed title and description and no images by default', () => {
    expect(TicketCreateSchema.parse(ticket)).toEqual({
      ...ticket,
      title: 'Slow',
      description: 'Pages load slowly',
      imageIds: [],
    });
    expect(problems(TicketCreateSchema, { ...ticket, title: '  ' })).toEqual({ title: 'validation.required' });
    expect(problems(TicketCreateSchema, { ...ticket, description: '\n' })).toEqual({
      description: 'validation.required',
    });
    expect(problems(TicketCreateSchema, { ...ticket, product: undefined })).toEqual({ product: 'validation.required' });
    expect(problems(TicketCreateSchema, { ...ticket, urgency: 'urgent' })).toEqual({ urgency: 'validation.required' });
    expect(problems(TicketCreateSchema, { ...ticket, imageIds: [0] })).toHaveProperty('imageIds.0');
    // Several lines are a description's nature.
    expect(TicketCreateSchema.parse({ ...ticket, description: 'a\nb' }).description).toBe('a\nb');
  });

  it('closes with whether it was solved and a whole rating', () => {
    expect(problems(TicketCloseSchema, { solved: false, rating: 3 })).toEqual({});
    expect(problems(TicketCloseSchema, { rating: 3 })).toEqual({ solved: 'validation.required' });
    expect(problems(TicketCloseSchema, { solved: true })).toEqual({ rating: 'validation.required' });
    expect(problems(TicketCloseSchema, { solved: true, rating: 2.5 })).toEqual({ rating: 'support.rating.range' });
  });

  it('pages messages from 0, 20 a page', () => {
    expect(NoticeListQuerySchema.parse({})).toEqual({ page: 0, size: limits.message.pageSize });
    expect(problems(NoticeListQuerySchema, { page: -1 })).toHaveProperty('page');
    expect(problems(NoticeListQuerySchema, { size: 0 })).toHaveProperty('size');
  });

  it('filters the operation log by known actions and a bounded search', () => {
    expect(OperationLogQuerySchema.parse({ action: 'domain.create', search: ' www ' })).toMatchObject({
      action: 'domain.create',
      search: 'www',
      page: 1,
    });
    expect(problems(OperationLogQuerySchema, { action: 'domain.explode' })).toHaveProperty('action');
    expect(problems(OperationLogQuerySchema, { search: 's'.repeat(256) })).toHaveProperty('search');
  });
});

describe('statistics requests', () => {
  const start = Date.UTC(2026, 0, 1);
  const day = 86_400_000;

  it('needs the end after the start', () => {
    expect(problems(StatisticsQuerySchema, { startTime: start, endTime: start })).toEqual({
      endTime: 'traffic.range.endBeforeStart',
    });
    expect(problems(StatisticsQuerySchema, { startTime: start, endTime: start + 1 })).toEqual({});
    expect(StatisticsQuerySchema.parse({ startTime: start, endTime: start + day }).granularity).toBe('1h');
    expect(problems(StatisticsQuerySchema, { endTime: start })).toEqual({ startTime: 'validation.required' });
  });

  it('takes five-minute points only over a short enough range, whatever else is asked', () => {
    const over = start + limits.traffic.maxFiveMinuteRangeDays * day + 1;
    expect(problems(StatisticsQuerySchema, { startTime: start, endTime: over, granularity: '1h' })).toEqual({});
    expect(problems(StatisticsQuerySchema, { startTime: start, endTime: over, granularity: '5m' })).toEqual({
      granularity: 'traffic.range.tooFine',
    });
  });

  it('reads domain names as a list or comma-separated text, trimmed and lower-cased', () => {
    const query = { startTime: start, endTime: start + day };
    expect(
      StatisticsQuerySchema.parse({ ...query, domainNames: ' A.example.com,,b.example.com ' }).domainNames,
    ).toEqual(['a.example.com', 'b.example.com']);
    expect(StatisticsQuerySchema.parse({ ...query, domainNames: ['C.example.com'] }).domainNames).toEqual([
      'c.example.com',
    ]);
    expect(StatisticsQuerySchema.parse({ ...query, domainNames: 'a.example.com, ,b.example.com' }).domainNames).toEqual(
      ['a.example.com', 'b.example.com'],
    );
    expect(StatisticsQuerySchema.parse(query).domainNames).toBeUndefined();
  });

  it('takes the overview for the last days (no times) or for a range with both ends', () => {
    expect(problems(HomeQuerySchema, {})).toEqual({});
    expect(problems(HomeQuerySchema, { startTime: start })).toEqual({ endTime: 'validation.required' });
    expect(problems(HomeQuerySchema, { endTime: start })).toEqual({ startTime: 'validation.required' });
    expect(problems(HomeQuerySchema, { startTime: start, endTime: start })).toEqual({
      endTime: 'traffic.range.endBeforeStart',
    });
    const longest = start + limits.traffic.maxRangeDays * day;
    expect(problems(HomeQuerySchema, { startTime: start, endTime: longest })).toEqual({});
    expect(problems(HomeQuerySchema, { startTime: start, endTime: longest + 1 })).toEqual({
      endTime: 'traffic.range.tooLong',
    });
  });

  it('ranks the top five by default, of a known kind', () => {
    const query = { kind: 'referer', startTime: start, endTime: start + day };
    expect(TopQuerySchema.parse(query).limit).toBe(limits.traffic.topDefault);
    expect(problems(TopQuerySchema, { ...query, kind: 'country' })).toEqual({ kind: 'validation.invalid' });
    expect(problems(TopQuerySchema, { ...query, limit: 0 })).toHaveProperty('limit');
  });
});

describe('a choice left empty and a fraction where a whole number goes', () => {
  /** The message key the form and the API show for `input` at `path`, as the server words it (issueMessage). */
  const shown = (schema: z.ZodType, input: unknown, path: string) => {
    const issue = schema.safeParse(input).error?.issues.find((i) => i.path.join('.') === path);
    return issue && issueMessage(issue).key;
  };

  it.each([
    ['on or off', OnOffSchema],
    ['origin protocol', OriginProtocolSchema],
    ['IPv6', Ipv6StatusSchema],
    ['forced redirect', ForceRedirectTypeSchema],
    ['cache rule type', CacheRuleTypeSchema],
    ['cache expiry unit', CacheExpiryUnitSchema],
    ['access list type', AccessListTypeSchema],
    ['URL auth type', UrlAuthTypeSchema],
    ['header action', HeaderActionSchema],
    ['frequency level', FrequencyLevelSchema],
  ])('asks for the %s when none is chosen, and refuses one not offered as such', (_name, schema) => {
    expect(shown(schema, undefined, '')).toBe('validation.required');
    expect(shown(schema, 'none-of-these', '')).toBe('validation.required');
  });

  it.each([
    ['a port', PortSchema, '', 80.5, 'domain.port.range'],
    [
      'a cache priority',
      CacheRuleSchema,
      'priority',
      { priority: 1.5, type: 'all', ttl: 1 },
      'domain.cache.priorityRange',
    ],
    ['a cache expiry', CacheRuleSchema, 'ttl', { priority: 1, type: 'all', ttl: 1.5 }, 'domain.cache.expiryRange'],
    ['a URL auth expiry', UrlAuthSchema, 'expireTime', { expireTime: 600.5 }, 'domain.urlAuth.expireRange'],
    [
      'a rate period',
      RateLimitRuleSchema,
      'periodSeconds',
      { type: 'all', periodSeconds: 1.5, limit: 1 },
      'domain.rateLimit.valueMin',
    ],
    [
      'a rate limit',
      RateLimitRuleSchema,
      'limit',
      { type: 'all', periodSeconds: 1, limit: 1.5 },
      'domain.rateLimit.valueMin',
    ],
    [
      'a rate threshold',
      RateLimitRuleSchema,
      'threshold',
      { type: 'all', periodSeconds: 1, limit: 1, threshold: 0.5 },
      'domain.rateLimit.thresholdMin',
    ],
    [
      'a recharge',
      RechargeCreateSchema,
      'amountYuan',
      { amountYuan: 10.5, method: 'qr' },
      'commerce.recharge.wholeYuan',
    ],
    ['a rating', TicketCloseSchema, 'rating', { rating: 4.5 }, 'support.rating.range'],
    [
      'an abuse threshold',
      BandwidthAbuseDefenseSchema,
      'thresholdMb',
      { status: 'on', thresholdMb: 100.5 },
      'eo.abuse.threshold',
    ],
  ])('says why %s must be whole', (_name, schema, path, input, key) => {
    expect(shown(schema as z.ZodType, input, path)).toBe(key);
  });
});

describe('search terms and typed entries are taken without the spaces around them', () => {
  it.each([
    ['certificates', CertificateListQuerySchema, 'search'],
    ['certificate applications', CertificateApplicationListQuerySchema, 'search'],
    ['domains', DomainListQuerySchema, 'domainName'],
    ['the domain export', DomainExportQuerySchema, 'domainName'],
    ['tickets', TicketListQuerySchema, 'keyword'],
  ] as const)('in the search of %s', (_name, schema, field) => {
    expect((schema.parse({ [field]: '  www.example.com ' }) as Record<string, unknown>)[field]).toBe('www.example.com');
  });

  it('in every entry of the lists a domain is configured with', () => {
    expect(RefererSchema.parse({ type: 'allow', list: [' a.example.com '] }).list).toEqual(['a.example.com']);
    expect(IpAclSchema.parse({ type: 'deny', list: [' 10.0.0.1 '] }).list).toEqual(['10.0.0.1']);
    expect(UserAgentFilterSchema.parse({ type: 'blacklist', rules: [' curl* '] }).rules).toEqual(['curl*']);
    expect(CacheRuleSchema.parse({ priority: 1, type: 'path', content: [' /a '], ttl: 1 }).content).toEqual(['/a']);
    expect(RateLimitRuleSchema.parse({ type: 'path', content: ' /a ', periodSeconds: 1, limit: 1 }).content).toBe('/a');
  });
});
