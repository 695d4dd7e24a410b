import { enUS, format, limitNamed, limits } from '@edgeward/contract';
import { domainNameOfLength, repeat } from '@edgeward/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setCdnTypeById } from '../src/modules/account/cdn-type';
import { createTestPki, type TestPki } from './fixtures/certificates';
import { createDomainHarness, type DomainHarness } from './fixtures/domains';
import { operatorCommand } from './fixtures/operator';
import { png, postTicketImage } from './fixtures/support';
import { registrationBody, type TestUser } from './fixtures/users';
import { dbKinds, TEST_CAPTCHA } from './helpers';

/*
 * Both boundaries of every limit of the spec's validation rules (section 5, numbers in limits.ts) that a route
 * enforces, through the HTTP layer and the database: the limit's own value is answered 200, the value one step beyond
 * is refused with VALIDATION_FAILED and the limit's message on the limit's field. One row per route, field and limit
 * constant; the values are read from limits.ts. packages/contract/src/schemas/limits.test.ts holds the same
 * boundaries at the schema level, for every schema.
 */

type LimitName = string;

/** What a row may use: the harness, the signed-in owner and the resources made once in beforeAll. */
interface Fixture {
  h: DomainHarness;
  owner: TestUser;
  pki: TestPki;
  domain: { id: number; name: string };
  /** The owner's edge-platform domain. */
  eoDomain: number;
  /** A fresh open ticket of the owner (closing one uses it up). */
  ticket(): Promise<number>;
  /** A fresh ticket of the owner that the support staff marked completed (an appeal uses it up). */
  completedTicket(): Promise<number>;
  images(count: number): Promise<number[]>;
}

interface LimitRow {
  limit: LimitName;
  bound: 'min' | 'max';
  method: 'GET' | 'POST';
  /**
   * The route's path after /api; :domain is the owner's domain, :eo its edge-platform domain, :ticket a fresh open ticket of the owner, :completed
   * a fresh one the support staff completed.
   */
  route: string;
  /** The body (POST) or the query (GET) at `value`; `step` is 0 at the boundary and ±1 beyond it. */
  input: (value: number, step: number, f: Fixture) => unknown;
  /** The refused field as the answer names it (dotted path). */
  field: string;
  message: string;
}

const list = <T>(length: number, entry: (i: number) => T) => Array.from({ length }, (_, i) => entry(i));
const at =
  (input: (value: number, f: Fixture) => unknown) =>
  (value: number, step: number, f: Fixture): unknown =>
    input(value + step, f);
const config = (segment: string) => `/domain/config/:domain/${segment}`;

let names = 0;
/** A user name of `length` characters not used before in this run. */
const userNameOfLength = (length: number) => `${'u'.repeat(length)}${++names}`.slice(-length).replace(/^\d/, 'u');

const cacheRule = (rule: object) => ({ priority: 2, type: 'path', content: ['/p'], ttl: 1, ...rule });
const cacheConfig = (rule: object) => ({ rules: [{ priority: 1, type: 'all', ttl: 1 }, cacheRule(rule)] });
const rateLimits = (rule: object) => ({
  status: 'on',
  rules: [{ type: 'all', periodSeconds: 1, limit: 1, ...rule }],
});
const header = (rule: object) => ({ headers: [{ name: 'X-Limit', value: 'v', ...rule }] });
const ticket = (fields: object) => ({
  product: 'cdn',
  urgency: 'consultation',
  title: 't',
  description: 'd',
  ...fields,
});
const securityPolicy = {
  referer: { type: 'off' },
  ipFilter: { type: 'off' },
  userAgentFilter: { type: 'off' },
  adaptiveFrequencyControl: { status: 'off', level: 'moderate' },
  clientFiltering: { status: 'off' },
  bandwidthAbuseDefense: { status: 'on' },
  slowAttackDefense: { status: 'on' },
};
const DAY_MS = 86_400_000;
const START = Date.UTC(2026, 0, 1);

const rows: LimitRow[] = [
  // Account
  ...(['userNameMin', 'userNameMax'] as const).map(
    (limit): LimitRow => ({
      limit: `account.${limit}`,
      bound: limit === 'userNameMin' ? 'min' : 'max',
      method: 'POST',
      route: '/user/register',
      input: at((n) => ({ userName: userNameOfLength(n) })),
      field: 'userName',
      message: `account.userName.${limit === 'userNameMin' ? 'min' : 'max'}`,
    }),
  ),
  ...(['passwordMin', 'passwordMax'] as const).map(
    (limit): LimitRow => ({
      limit: `account.${limit}`,
      bound: limit === 'passwordMin' ? 'min' : 'max',
      method: 'POST',
      route: '/user/register',
      input: at((n) => ({ password: repeat(n, 'p'), confirmPassword: repeat(n, 'p') })),
      field: 'password',
      message: `account.password.${limit === 'passwordMin' ? 'min' : 'max'}`,
    }),
  ),
  ...(['rechargeMinYuan', 'rechargeMaxYuan'] as const).map(
    (limit): LimitRow => ({
      limit: `commerce.${limit}`,
      bound: limit === 'rechargeMinYuan' ? 'min' : 'max',
      method: 'POST',
      route: '/recharge/create',
      input: at((n) => ({ amountYuan: n, method: 'bank_transfer' })),
      field: 'amountYuan',
      message: `commerce.recharge.${limit === 'rechargeMinYuan' ? 'min' : 'max'}`,
    }),
  ),
  {
    limit: 'apiKey.noteMax',
    bound: 'max',
    method: 'POST',
    route: '/key/create',
    input: at((n) => ({ note: repeat(n) })),
    field: 'note',
    message: 'security.apiKey.note.max',
  },

  // Tickets
  {
    limit: 'support.titleMax',
    bound: 'max',
    method: 'POST',
    route: '/support/tickets',
    input: at((n) => ticket({ title: repeat(n) })),
    field: 'title',
    message: 'validation.tooLong',
  },
  {
    limit: 'support.textMax',
    bound: 'max',
    method: 'POST',
    route: '/support/tickets',
    input: at((n) => ticket({ description: repeat(n) })),
    field: 'description',
    message: 'validation.tooLong',
  },
  {
    limit: 'support.imagesMax',
    bound: 'max',
    method: 'POST',
    route: '/support/tickets',
    // An upload beyond the ninth waiting one is refused on its own (TICKET_IMAGES_TOO_MANY): the refused ticket names
    // ids that are no uploads, which only the count refuses before anything is looked up.
    input: async (n, step, f) => ticket({ imageIds: step === 0 ? await f.images(n) : list(n + step, (i) => i + 1) }),
    field: 'imageIds',
    message: 'support.image.tooMany',
  },
  {
    limit: 'support.textMax',
    bound: 'max',
    method: 'POST',
    route: '/support/tickets/:ticket/reply',
    input: at((n) => ({ content: repeat(n) })),
    field: 'content',
    message: 'validation.tooLong',
  },
  {
    limit: 'support.appealMax',
    bound: 'max',
    method: 'POST',
    route: '/support/tickets/:completed/appeal',
    input: at((n) => ({ reason: repeat(n) })),
    field: 'reason',
    message: 'validation.tooLong',
  },
  ...(['ratingMin', 'ratingMax'] as const).map(
    (limit): LimitRow => ({
      limit: `support.${limit}`,
      bound: limit === 'ratingMin' ? 'min' : 'max',
      method: 'POST',
      route: '/support/tickets/:ticket/close',
      input: at((n) => ({ solved: true, rating: n })),
      field: 'rating',
      message: 'support.rating.range',
    }),
  ),

  // Domain names, as the first step of adding a domain checks them.
  {
    limit: 'domain.nameMax',
    bound: 'max',
    method: 'GET',
    route: '/domain/query-create-verify-record',
    input: at((n) => ({
      domainName: domainNameOfLength(n, { labelMax: limits.domain.labelMax, suffix: 'example.com' }),
    })),
    field: 'domainName',
    message: 'domain.name.tooLong',
  },
  {
    limit: 'domain.labelMax',
    bound: 'max',
    method: 'GET',
    route: '/domain/query-create-verify-record',
    input: at((n) => ({ domainName: `${repeat(n)}.limits.example.com` })),
    field: 'domainName',
    message: 'domain.name.labelTooLong',
  },

  // Origin: only the first origin is asked for an answer, on the HTTP port, so the others and the HTTPS port may be
  // any address and port.
  {
    limit: 'domain.originMax',
    bound: 'max',
    method: 'POST',
    route: config('origin'),
    input: at((n, f) => ({ ipOrDomain: list(n, (i) => `127.0.0.${i + 1}`), httpPort: f.h.origin.port })),
    field: 'ipOrDomain',
    message: 'domain.origin.ipMax',
  },
  ...(['portMin', 'portMax'] as const).map(
    (limit): LimitRow => ({
      limit: `domain.${limit}`,
      bound: limit === 'portMin' ? 'min' : 'max',
      method: 'POST',
      route: config('origin'),
      input: at((n, f) => ({ ipOrDomain: ['127.0.0.1'], httpPort: f.h.origin.port, httpsPort: n })),
      field: 'httpsPort',
      message: 'domain.port.range',
    }),
  ),

  // Certificates
  ...(['certNameMin', 'certNameMax'] as const).map(
    (limit): LimitRow => ({
      limit: `domain.${limit}`,
      bound: limit === 'certNameMin' ? 'min' : 'max',
      method: 'POST',
      route: '/certificate/upload',
      input: at((n, f) => {
        const leaf = f.pki.issue([`www.limit${n}.example.com`]);
        return { name: repeat(n, 'c'), certificate: leaf.chain, privateKey: leaf.key };
      }),
      field: 'name',
      message: 'domain.cert.nameLength',
    }),
  ),

  {
    limit: 'domain.certContentMax',
    bound: 'max',
    method: 'POST',
    route: '/certificate/upload',
    // A real chain, blank lines between its blocks making up the length: the PEM may have them, the server's parser
    // reads past them.
    input: at((n, f) => {
      const leaf = f.pki.issue([`www.content${n}.example.com`]);
      const [first, ...rest] = leaf.chain.trim().split(/(?<=-----END CERTIFICATE-----)\s*/);
      const blocks = [first!, rest.join('\n')];
      const gap = n - blocks[0].length - blocks[1].length;
      return { name: `content${n}`, certificate: `${blocks[0]}${'\n'.repeat(gap)}${blocks[1]}`, privateKey: leaf.key };
    }),
    field: 'certificate',
    message: 'domain.cert.contentMax',
  },

  // Cache
  ...(['cachePriorityMin', 'cachePriorityMax'] as const).map(
    (limit): LimitRow => ({
      limit: `domain.${limit}`,
      bound: limit === 'cachePriorityMin' ? 'min' : 'max',
      method: 'POST',
      route: config('cache-rule'),
      // The all-files rule takes the other end of the range, so the boundary is free for the rule under test.
      input: at((n) => ({
        rules: [
          { priority: limit === 'cachePriorityMin' ? limits.domain.cachePriorityMax : 1, type: 'all', ttl: 1 },
          cacheRule({ priority: n }),
        ],
      })),
      field: 'rules.1.priority',
      message: 'domain.cache.priorityRange',
    }),
  ),
  {
    limit: 'domain.cacheContentMax',
    bound: 'max',
    method: 'POST',
    route: config('cache-rule'),
    input: at((n) => cacheConfig({ type: 'suffix', content: list(n, (i) => `.e${i}`) })),
    field: 'rules.1.content',
    message: 'domain.cache.contentMax',
  },
  {
    limit: 'domain.cacheExpiryMin',
    bound: 'min',
    method: 'POST',
    route: config('cache-rule'),
    input: at((n) => cacheConfig({ ttl: n })),
    field: 'rules.1.ttl',
    message: 'domain.cache.expiryRange',
  },
  {
    limit: 'domain.cacheExpiryMaxDays',
    bound: 'max',
    method: 'POST',
    route: config('cache-rule'),
    // To the second: 365 days is the last expiry accepted, a second more the first refused.
    input: (days, step) => cacheConfig({ ttl: days * 86_400 + step, unit: 'seconds' }),
    field: 'rules.1.ttl',
    message: 'domain.cache.expiryMax',
  },

  // Access control
  {
    limit: 'domain.refererMax',
    bound: 'max',
    method: 'POST',
    route: config('referer'),
    input: at((n) => ({ type: 'deny', list: list(n, (i) => `r${i}.example.com`) })),
    field: 'list',
    message: 'domain.referer.max',
  },
  ...(['portMin', 'portMax'] as const).map(
    (limit): LimitRow => ({
      limit: `domain.${limit}`,
      bound: limit === 'portMin' ? 'min' : 'max',
      method: 'POST',
      route: config('referer'),
      input: at((n) => ({ type: 'deny', list: [`example.org:${n}`] })),
      field: 'list.0',
      message: 'domain.referer.port',
    }),
  ),
  {
    limit: 'domain.ipAclMax',
    bound: 'max',
    method: 'POST',
    route: config('ip-acl'),
    input: at((n) => ({ type: 'deny', list: list(n, (i) => `10.0.${i}.1`) })),
    field: 'list',
    message: 'domain.ipAcl.max',
  },
  {
    limit: 'domain.uaRulesMax',
    bound: 'max',
    method: 'POST',
    route: config('user-agent-filter'),
    input: at((n) => ({ type: 'blacklist', rules: list(n, (i) => `bot${i}*`) })),
    field: 'rules',
    message: 'domain.ua.max',
  },
  {
    limit: 'domain.uaRuleMax',
    bound: 'max',
    method: 'POST',
    route: config('user-agent-filter'),
    input: at((n) => ({ type: 'blacklist', rules: [repeat(n)] })),
    field: 'rules.0',
    message: 'domain.ua.tooLong',
  },

  // URL auth
  ...(['urlAuthKeyMin', 'urlAuthKeyMax'] as const).map(
    (limit): LimitRow => ({
      limit: `domain.${limit}`,
      bound: limit === 'urlAuthKeyMin' ? 'min' : 'max',
      method: 'POST',
      route: config('url-auth'),
      input: at((n) => ({ status: 'on', key: repeat(n, 'k') })),
      field: 'key',
      message: 'domain.urlAuth.keyFormat',
    }),
  ),
  ...(['urlAuthExpireMin', 'urlAuthExpireMax'] as const).map(
    (limit): LimitRow => ({
      limit: `domain.${limit}`,
      bound: limit === 'urlAuthExpireMin' ? 'min' : 'max',
      method: 'POST',
      route: config('url-auth'),
      input: at((n) => ({ status: 'on', key: 'abcDEF123', expireTime: n })),
      field: 'expireTime',
      message: 'domain.urlAuth.expireRange',
    }),
  ),
  {
    limit: 'domain.urlAuthSignArgMax',
    bound: 'max',
    method: 'POST',
    route: config('url-auth'),
    input: at((n) => ({ status: 'on', key: 'abcDEF123', signArg: repeat(n, 's') })),
    field: 'signArg',
    message: 'domain.urlAuth.signArgFormat',
  },

  // Headers, both directions
  ...(['request-header', 'response-header'] as const).flatMap((segment): LimitRow[] => [
    {
      limit: 'domain.headerNameMax',
      bound: 'max',
      method: 'POST',
      route: config(segment),
      input: at((n) => header({ name: repeat(n, 'x') })),
      field: 'headers.0.name',
      message: 'domain.header.nameMax',
    },
    {
      limit: 'domain.headerValueMax',
      bound: 'max',
      method: 'POST',
      route: config(segment),
      input: at((n) => header({ value: repeat(n, 'v') })),
      field: 'headers.0.value',
      message: 'domain.header.valueMax',
    },
    ...(['headerNumberMin', 'headerNumberMax'] as const).map(
      (limit): LimitRow => ({
        limit: `domain.${limit}`,
        bound: limit === 'headerNumberMin' ? 'min' : 'max',
        method: 'POST',
        route: config(segment),
        input: at((n) => header({ value: String(n) })),
        field: 'headers.0.value',
        message: 'domain.header.numberRange',
      }),
    ),
    {
      limit: 'domain.headersMax',
      bound: 'max',
      method: 'POST',
      route: config(segment),
      input: at((n) => ({ headers: list(n, (i) => ({ name: `X-Limit-${i}`, value: 'v' })) })),
      field: 'headers',
      message: 'domain.header.max',
    },
  ]),

  // Rate-limit rules
  {
    limit: 'domain.rateLimitPathMax',
    bound: 'max',
    method: 'POST',
    route: config('rate-limit'),
    input: at((n) => rateLimits({ type: 'path', content: `/${repeat(n - 1)}` })),
    field: 'rules.0.content',
    message: 'domain.rateLimit.pathMax',
  },
  {
    limit: 'domain.rateLimitSuffixMax',
    bound: 'max',
    method: 'POST',
    route: config('rate-limit'),
    input: at((n) => rateLimits({ type: 'suffix', content: `.${repeat(n - 1)}` })),
    field: 'rules.0.content',
    message: 'domain.rateLimit.suffixMax',
  },
  {
    limit: 'domain.rateLimitThresholdMin',
    bound: 'min',
    method: 'POST',
    route: config('rate-limit'),
    input: at((n) => rateLimits({ threshold: n })),
    field: 'rules.0.threshold',
    message: 'domain.rateLimit.thresholdMin',
  },
  ...(['limit', 'periodSeconds'] as const).map(
    (field): LimitRow => ({
      limit: 'domain.rateLimitValueMin',
      bound: 'min',
      method: 'POST',
      route: config('rate-limit'),
      input: at((n) => rateLimits({ [field]: n })),
      field: `rules.0.${field}`,
      message: 'domain.rateLimit.valueMin',
    }),
  ),
  {
    limit: 'domain.rateLimitRulesMax',
    bound: 'max',
    method: 'POST',
    route: config('rate-limit'),
    input: at((n) => ({
      status: 'on',
      rules: list(n, (i) => ({ type: 'path', content: `/p${i}`, periodSeconds: 1, limit: 1 })),
    })),
    field: 'rules',
    message: 'domain.rateLimit.max',
  },

  // The edge platform's security policy: each bounded number of bandwidth-abuse and slow-attack defence.
  ...(
    [
      ['bandwidthAbuseDefense', 'thresholdMb', 'abuseThresholdMb', 'eo.abuse.threshold'],
      ['bandwidthAbuseDefense', 'windowSeconds', 'abuseWindowSeconds', 'eo.abuse.window'],
      ['bandwidthAbuseDefense', 'rateCapKbps', 'abuseRateCapKbps', 'eo.abuse.rateCap'],
      ['slowAttackDefense', 'minBodyRate', 'slowAttackMinRate', 'eo.slow.minRate'],
      ['slowAttackDefense', 'headerTimeoutSeconds', 'headerTimeout', 'eo.slow.headerTimeout'],
      ['slowAttackDefense', 'bodyTimeoutSeconds', 'bodyTimeout', 'eo.slow.bodyTimeout'],
    ] as const
  ).flatMap(([part, field, limit, message]) =>
    (['Min', 'Max'] as const).map(
      (end): LimitRow => ({
        limit: `eo.${limit}${end}`,
        bound: end === 'Min' ? 'min' : 'max',
        method: 'POST',
        route: '/eo/domain/:eo/security',
        input: at((n) => ({ ...securityPolicy, [part]: { ...securityPolicy[part], [field]: n } })),
        field: `${part}.${field}`,
        message,
      }),
    ),
  ),

  // Preheat and refresh: the lines of one task, on the owner's domain.
  ...(
    [
      ['urlsPerTask', 'preheat', ''],
      ['urlsPerTask', 'refreshUrl', ''],
      ['dirsPerTask', 'refreshDir', '/'],
    ] as const
  ).map(
    ([limit, type, end]): LimitRow => ({
      limit: `preheat.${limit}`,
      bound: 'max',
      method: 'POST',
      route: '/preheat/tasks',
      input: at((n, f) => ({ type, urls: list(n, (i) => `http://${f.domain.name}/${i}${end}`) })),
      field: 'urls',
      message: 'preheat.urls.tooMany',
    }),
  ),
  {
    limit: 'preheat.urlMax',
    bound: 'max',
    method: 'POST',
    route: '/preheat/tasks',
    input: at((n, f) => {
      const start = `http://${f.domain.name}/`;
      return { type: 'refreshUrl', urls: [`${start}${repeat(n - start.length)}`] };
    }),
    field: 'urls.0',
    message: 'preheat.url.tooLong',
  },

  // Lists and statistics (queries)
  {
    limit: 'page.maxSize',
    bound: 'max',
    method: 'GET',
    route: '/domain/list',
    input: at((n) => ({ size: String(n) })),
    field: 'size',
    message: 'validation.tooBig',
  },
  {
    limit: 'traffic.maxRangeDays',
    bound: 'max',
    method: 'GET',
    route: '/user/domain-statistics',
    // To the millisecond.
    input: (days, step) => ({ startTime: String(START), endTime: String(START + days * DAY_MS + step) }),
    field: 'endTime',
    message: 'traffic.range.tooLong',
  },
  {
    limit: 'traffic.maxFiveMinuteRangeDays',
    bound: 'max',
    method: 'GET',
    route: '/user/domain-statistics',
    input: (days, step) => ({
      startTime: String(START),
      endTime: String(START + days * DAY_MS + step),
      granularity: '5m',
    }),
    field: 'granularity',
    message: 'traffic.range.tooFine',
  },
];

describe.each(dbKinds)('the limits of the validation rules through the API on %s', (kind) => {
  let fixture: Fixture;
  let pki: TestPki;
  let addresses = 0;

  beforeAll(async () => {
    pki = createTestPki();
    const h = await createDomainHarness(kind);
    const owner = await h.user();
    // Both consoles: the CDN's domains and the edge platform's.
    await setCdnTypeById(h.ctx.database.db, owner.id, 'all', new Date());
    const domainName = 'www.limits.example.com';
    const created = await h.create(owner, domainName);
    expect(created.statusCode, created.text).toBe(200);
    const eoName = 'eo.limits.example.com';
    await h.verify(owner, eoName);
    const eo = await h.call(owner, 'POST', '/eo/domain', {
      domainName: eoName,
      type: 'web',
      origin: { ipOrDomain: ['127.0.0.1'], httpPort: h.origin.port },
    });
    expect(eo.statusCode, eo.text).toBe(200);
    await h.settle();
    fixture = {
      h,
      owner,
      pki,
      domain: { id: created.body.data.id, name: domainName },
      eoDomain: eo.body.data.id,
      async ticket() {
        const res = await h.call(owner, 'POST', '/support/tickets', ticket({}));
        expect(res.statusCode, res.text).toBe(200);
        return res.body.data.id;
      },
      async completedTicket() {
        const id = await fixture.ticket();
        const detail = await h.call(owner, 'GET', `/support/tickets/${id}`);
        const resolved = await operatorCommand(h.ctx.app, 'ticket', 'resolve', detail.body.data.ticketNo);
        expect(resolved.code, resolved.err).toBe(0);
        return id;
      },
      async images(count) {
        const ids: number[] = [];
        for (let i = 0; i < count; i++) {
          const res = await postTicketImage(h.ctx.app, owner, `shot${i}.png`, 'image/png', png);
          expect(res.statusCode, res.body).toBe(200);
          ids.push(res.json().data.id);
        }
        return ids;
      },
    };
  });
  afterAll(async () => {
    await fixture?.h.close();
    pki?.cleanup();
  });

  /** Registration's other fields, with the captcha and the e-mail code the test configuration answers. */
  async function registration(body: Record<string, unknown>) {
    const userName = (body.userName as string | undefined) ?? userNameOfLength(12);
    const email = `${userName}@example.com`;
    const captcha = async () => (await send('GET', '/user/captchaImage')).body.data.captchaId as string;
    const code = await send('GET', '/user/email_code', {
      email,
      purpose: 'register',
      captchaId: await captcha(),
      captchaCode: TEST_CAPTCHA,
    });
    expect(code.statusCode, code.text).toBe(200);
    return registrationBody(userName, await captcha(), body);
  }

  /** One call as the owner, each from its own client address so that no per-address budget is reached. */
  async function send(method: 'GET' | 'POST', url: string, input?: unknown) {
    addresses += 1;
    const res = await fixture.h.ctx.app.inject({
      method,
      url: `/api${url}`,
      headers: { ...fixture.owner.headers, 'accept-language': 'en-US' },
      remoteAddress: `10.9.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`,
      ...(method === 'GET' ? { query: input as Record<string, string> } : { payload: input as object }),
    });
    // biome-ignore lint/suspicious/noExplicitAny: the envelope of whichever call was made
    return { statusCode: res.statusCode, body: res.json() as any, text: res.body };
  }

  async function call(row: LimitRow, value: number, step: number) {
    let url = row.route.replace(':domain', String(fixture.domain.id)).replace(':eo', String(fixture.eoDomain));
    if (url.includes(':ticket')) url = url.replace(':ticket', String(await fixture.ticket()));
    if (url.includes(':completed')) url = url.replace(':completed', String(await fixture.completedTicket()));
    let input = await row.input(value, step, fixture);
    if (url === '/user/register') input = await registration(input as Record<string, unknown>);
    return send(row.method, url, input);
  }

  it.each(rows.map((row) => [`${row.limit} (${row.bound}): ${row.method} ${row.route} ${row.field}`, row] as const))(
    '%s',
    async (_, row) => {
      const value = limitNamed(row.limit);
      const accepted = await call(row, value, 0);
      expect(accepted.statusCode, accepted.text).toBe(200);

      const refused = await call(row, value, row.bound === 'max' ? 1 : -1);
      expect(refused.statusCode, refused.text).toBe(400);
      expect(refused.body.error).toBe('VALIDATION_FAILED');
      expect(refused.body.fields?.[row.field], refused.text).toBe(format(enUS, row.message, { [row.bound]: value }));
    },
  );
});
