import { z } from 'zod';
import { limits } from '../limits';
import { type DomainNameProblem, domainNameProblem, isDomainName, toAsciiDomain } from '../net/domain-name';
import { canonicalIp, type IpAclEntryProblem, ipAclEntryProblem, isInternalIp, isIp } from '../net/ip';
import { EpochMsSchema, multilineText, number, requiredText, text } from './common';

/*
 * The configuration of one accelerated domain (spec section 3) and one request body per settings segment
 * (POST /domain/config/:id/<segment>). Body schemas carry every rule of spec sections 5 and 9 with message keys;
 * the *DataSchema twins are plain whitelists for responses (no refinements, no normalisation), so that a stored
 * value is always serializable even after a limit changes.
 *
 * Lists are arrays in the API. Forms that show a list as text split it with splitLines (origins, referers, IPs,
 * UA rules: one per line) or splitCacheContent (cache paths and suffixes: ';' or one per line).
 */

const d = limits.domain;

export const OnOffSchema = z.enum(['on', 'off'], { error: 'validation.required' });
export type OnOff = z.infer<typeof OnOffSchema>;

/** One entry per line; blank lines and surrounding spaces are dropped. */
export function splitLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/**
 * Cache contents are typed as `/a;/b` or one per line. A trailing ';' is kept as an empty last entry so that the
 * schema can answer with its own message instead of silently accepting it.
 */
export function splitCacheContent(text: string): string[] {
  const trimmed = text.trim();
  const entries = trimmed
    .split(/[;\r\n]/)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  return trimmed.endsWith(';') ? [...entries, ''] : entries;
}

const domainNameMessages: Record<DomainNameProblem, string> = {
  required: 'domain.name.required',
  wildcard: 'domain.name.wildcard',
  tooLong: 'domain.name.tooLong',
  labelTooLong: 'domain.name.labelTooLong',
  format: 'domain.name.format',
};

/** The message key for a domain name (ASCII form) or null when it is fine. */
export function domainNameMessage(name: string): string | null {
  const problem = domainNameProblem(name);
  return problem ? domainNameMessages[problem] : null;
}

// ---------------------------------------------------------------------------------------------------------------
// Origin

export const OriginTypeSchema = z.enum(['ipaddr', 'domain']);
export type OriginType = z.infer<typeof OriginTypeSchema>;
export const OriginProtocolSchema = z.enum(['follow', 'http', 'https'], { error: 'validation.required' });
export type OriginProtocol = z.infer<typeof OriginProtocolSchema>;
export const Ipv6StatusSchema = z.enum(['follow', 'on', 'off'], { error: 'validation.required' });

/** Digits and dots only, or any ':' — the customer meant an IP address, so an error should talk about IPs. */
export function looksLikeIp(entry: string): boolean {
  return /^[\d.]+$/.test(entry) || entry.includes(':');
}

/** Spec section 3: an origin that is an IPv4 or IPv6 address is 'ipaddr', anything else 'domain'. */
export function deriveOriginType(ipOrDomain: readonly string[]): OriginType {
  const first = ipOrDomain[0];
  return first !== undefined && !looksLikeIp(first) ? 'domain' : 'ipaddr';
}

/** Canonical form of one origin entry: RFC 5952 for IPv6, punycode and lower case for domain names. */
export function normalizeOriginEntry(entry: string): string {
  const trimmed = entry.trim();
  return looksLikeIp(trimmed) ? (canonicalIp(trimmed) ?? trimmed) : toAsciiDomain(trimmed);
}

export interface OriginRuleOptions {
  /**
   * Accept internal addresses (private, loopback...). Only the server's ALLOW_PRIVATE_ORIGINS setting (for a
   * sandbox edge in development) turns this on; the default refuses them.
   */
  allowPrivate?: boolean;
  /** The acceleration domain, when known: an origin domain may not equal it. */
  domainName?: string;
  /** Which 'required' text an empty list shows; the form passes the kind the customer picked. */
  originType?: OriginType;
}

export interface FieldIssue {
  path: (string | number)[];
  message: string;
}

/** Every problem of an origin list, each at its line's index. Used by the schema and by the server's own checks. */
export function originEntryIssues(entries: readonly string[], options: OriginRuleOptions = {}): FieldIssue[] {
  const mode = deriveOriginType(entries);
  const ownDomain = options.domainName ? toAsciiDomain(options.domainName) : undefined;
  const seen = new Set<string>();
  const issueOf = (entry: string): string | null => {
    if (entry === '') return 'validation.required';
    if (mode === 'ipaddr') {
      if (!isIp(entry)) return entry.includes(':') ? 'domain.origin.ipv6Format' : 'domain.origin.ipFormat';
      if (!options.allowPrivate && isInternalIp(entry)) return 'domain.origin.internalIp';
      const key = canonicalIp(entry) ?? entry;
      if (seen.has(key)) return 'domain.origin.ipDuplicate';
      seen.add(key);
      return null;
    }
    const problem = domainNameMessage(entry);
    if (problem) return problem;
    if (entry === ownDomain) return 'domain.origin.sameAsDomain';
    if (seen.has(entry)) return 'domain.name.duplicate';
    seen.add(entry);
    return null;
  };
  return entries.flatMap((entry, i) => {
    const message = issueOf(entry);
    return message ? [{ path: [i], message }] : [];
  });
}

/** The origin list on its own (the form's field rule); see OriginRuleOptions for the variants. */
export function originIpOrDomainSchema(options: OriginRuleOptions = {}) {
  const required = options.originType === 'domain' ? 'domain.name.required' : 'domain.origin.ipRequired';
  return z
    .array(text().trim().overwrite(normalizeOriginEntry), { error: required })
    .min(1, { error: required })
    .max(d.originMax, { error: 'domain.origin.ipMax' })
    .superRefine((entries, ctx) => {
      for (const issue of originEntryIssues(entries, options)) ctx.addIssue({ code: 'custom', ...issue });
    });
}

export const PortSchema = number()
  .int({ error: 'domain.port.range' })
  .min(d.portMin, { error: 'domain.port.range' })
  .max(d.portMax, { error: 'domain.port.range' });

/** The Host header sent to the origin; empty means the acceleration domain itself. */
export const OriginHostNameSchema = z
  .string()
  .trim()
  .overwrite(normalizeOriginEntry)
  .refine((v) => v === '' || isIp(v) || isDomainName(v), { error: 'domain.name.format' });

/**
 * Whether the edge checks an HTTPS origin's certificate (Cloudflare's "Full (strict)"): signed by a public CA for the
 * name the edge asks the origin for (hostName, or else the acceleration domain) and in date, or the edge answers 502.
 * Off, the edge encrypts towards the origin but accepts any certificate. Off unless sent: docs/edge.md, "What the agent renders".
 */
export const VerifyOriginCertificateSchema = z.enum(['on', 'off'], { error: 'validation.invalid' });

/**
 * The origin setting body. `originType` is not sent: it is derived from the list (deriveOriginType) and stored.
 * The server builds a relaxed copy with originSettingSchema({ allowPrivate: true }) when ALLOW_PRIVATE_ORIGINS is
 * set, and checks "origin is not the acceleration domain" itself on config saves (originEntryIssues with
 * domainName), since the route's static schema does not know the domain.
 */
export function originSettingSchema(options: OriginRuleOptions = {}) {
  return z.object({
    ipOrDomain: originIpOrDomainSchema(options),
    httpPort: PortSchema.default(d.defaultHttpPort),
    httpsPort: PortSchema.default(d.defaultHttpsPort),
    hostName: OriginHostNameSchema.default(''),
    originProtocol: OriginProtocolSchema.default('follow'),
    ipv6Status: Ipv6StatusSchema.default('follow'),
    verifyCertificate: VerifyOriginCertificateSchema.default('off'),
  });
}
export const OriginSettingSchema = originSettingSchema();
export type OriginSettingInput = z.input<typeof OriginSettingSchema>;
export type OriginSetting = z.output<typeof OriginSettingSchema>;

export const OriginSettingDataSchema = z.object({
  originType: OriginTypeSchema,
  ipOrDomain: z.array(z.string()),
  httpPort: z.number().int(),
  httpsPort: z.number().int(),
  hostName: z.string(),
  originProtocol: OriginProtocolSchema,
  ipv6Status: Ipv6StatusSchema,
  /** Stored configurations from before the switch have none: off (migration 0022 writes it out). */
  verifyCertificate: VerifyOriginCertificateSchema.default('off'),
});
export type OriginSettingData = z.infer<typeof OriginSettingDataSchema>;

export const OriginProtocolBodySchema = z.object({ originProtocol: OriginProtocolSchema });
export type OriginProtocolBody = z.infer<typeof OriginProtocolBodySchema>;

// ---------------------------------------------------------------------------------------------------------------
// HTTPS and certificates

const BASE64_BODY = '[A-Za-z0-9+/=\\r\\n]+';
const CERT_BLOCK = `-----BEGIN CERTIFICATE-----\\r?\\n${BASE64_BODY}-----END CERTIFICATE-----`;
const CERT_CHAIN = new RegExp(`^${CERT_BLOCK}(?:\\s*${CERT_BLOCK})*$`);
const EC_PARAMS = `-----BEGIN EC PARAMETERS-----\\r?\\n${BASE64_BODY}-----END EC PARAMETERS-----\\s*`;
const PRIVATE_KEY = new RegExp(
  `^(?:${EC_PARAMS})?-----BEGIN (RSA |EC |)PRIVATE KEY-----\\r?\\n${BASE64_BODY}-----END \\1PRIVATE KEY-----$`,
);

/** A full chain in PEM: one or more CERTIFICATE blocks, nothing else. */
export function isCertificatePem(text: string): boolean {
  return CERT_CHAIN.test(text.trim());
}

/** Keys with a password can never be loaded by the edge without the password, so they are refused by shape. */
export function isEncryptedPrivateKey(text: string): boolean {
  return text.includes('ENCRYPTED PRIVATE KEY') || /Proc-Type:\s*4,ENCRYPTED/.test(text);
}

/** An unencrypted PKCS#8, PKCS#1 (RSA) or SEC1 (EC) private key in PEM. */
export function isPrivateKeyPem(text: string): boolean {
  return !isEncryptedPrivateKey(text) && PRIVATE_KEY.test(text.trim());
}

/**
 * A certificate to install. The shape is checked here; the server parses it with node:crypto and answers
 * CERT_INVALID with one of the keys domain.cert.unparsable, keyMismatch, expired, notYetValid, chainInvalid or
 * domainMismatch as the field message.
 */
export const CertificateUploadSchema = z.object({
  name: requiredText()
    .min(d.certNameMin, { error: 'domain.cert.nameLength' })
    .max(d.certNameMax, { error: 'domain.cert.nameLength' }),
  certificate: requiredText('validation.required', multilineText)
    .max(d.certContentMax, { error: 'domain.cert.contentMax' })
    .refine(isCertificatePem, { error: 'domain.cert.pem' }),
  privateKey: requiredText('validation.required', multilineText)
    .max(d.certContentMax, { error: 'domain.cert.contentMax' })
    .refine((v) => !isEncryptedPrivateKey(v), { error: 'domain.cert.keyEncrypted', abort: true })
    .refine(isPrivateKeyPem, { error: 'domain.cert.keyPem' }),
});
export type CertificateUpload = z.infer<typeof CertificateUploadSchema>;

const HTTPS_DEPENDENT = ['http2', 'forceHttps', 'quic'] as const;

/**
 * The HTTPS segment. HTTP/2, forced HTTPS and QUIC need HTTPS on (请先开启HTTPS). `certificate` replaces the
 * installed one; omit it to keep the current certificate. Turning HTTPS on with no certificate installed and none
 * sent is refused by the server (field certificate, domain.cert.required). forceHttps is the same switch as
 * forceRedirect type 'https': the server keeps the two in step.
 */
export const HttpsInfoSchema = z
  .object({
    https: OnOffSchema,
    http2: OnOffSchema.default('off'),
    forceHttps: OnOffSchema.default('off'),
    quic: OnOffSchema.default('off'),
    certificate: CertificateUploadSchema.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.https === 'on') return;
    for (const field of HTTPS_DEPENDENT) {
      if (value[field] === 'on') ctx.addIssue({ code: 'custom', path: [field], message: 'domain.https.enableFirst' });
    }
  });
export type HttpsInfo = z.output<typeof HttpsInfoSchema>;
export type HttpsInfoInput = z.input<typeof HttpsInfoSchema>;

/** What the console shows of an installed certificate; the private key never leaves the server. */
export const CertificateInfoSchema = z.object({
  name: z.string(),
  subjects: z.array(z.string()),
  issuer: z.string(),
  notBefore: EpochMsSchema,
  notAfter: EpochMsSchema,
});
export type CertificateInfo = z.infer<typeof CertificateInfoSchema>;

export const HttpsConfigDataSchema = z.object({
  forceHttps: OnOffSchema,
  http2: OnOffSchema,
  certificate: CertificateInfoSchema.nullable(),
});

export const ForceRedirectTypeSchema = z.enum(['off', 'http', 'https'], { error: 'validation.required' });
export const RedirectStatusSchema = z.union([z.literal(301), z.literal(302)], { error: 'validation.invalid' });

/** Type 'https' needs HTTPS on; the server checks it against the stored switch (field type, domain.https.enableFirst). */
export const ForceRedirectSchema = z.object({
  type: ForceRedirectTypeSchema,
  statusCode: RedirectStatusSchema.default(302),
});
export type ForceRedirect = z.output<typeof ForceRedirectSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Cache

export const CacheRuleTypeSchema = z.enum(['all', 'path', 'suffix'], { error: 'validation.required' });
export type CacheRuleType = z.infer<typeof CacheRuleTypeSchema>;
export const CacheExpiryUnitSchema = z.enum(['seconds', 'minutes', 'hours', 'days'], { error: 'validation.required' });
export type CacheExpiryUnit = z.infer<typeof CacheExpiryUnitSchema>;

export const cacheUnitSeconds: Record<CacheExpiryUnit, number> = {
  seconds: 1,
  minutes: 60,
  hours: 3600,
  days: 86_400,
};

export function cacheExpirySeconds(rule: { ttl: number; unit: CacheExpiryUnit }): number {
  return rule.ttl * cacheUnitSeconds[rule.unit];
}

const CACHE_PATH = /^\/[A-Za-z0-9\-._~!$&'()*+,=:@/%]*$/;
const SUFFIX = /^\.[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*$/;

function cacheContentIssue(type: CacheRuleType, entry: string, isLast: boolean): string | null {
  if (entry === '') return isLast ? 'domain.cache.trailingSemicolon' : 'validation.required';
  if (type === 'path') {
    if (!entry.startsWith('/')) return 'domain.cache.pathStart';
    if (entry.endsWith(';')) return 'domain.cache.trailingSemicolon';
    return CACHE_PATH.test(entry) ? null : 'domain.cache.pathChars';
  }
  if (!entry.startsWith('.')) return 'domain.cache.suffixStart';
  if (entry.endsWith('.') || entry.endsWith(';')) return 'domain.cache.suffixEnd';
  return SUFFIX.test(entry) ? null : 'domain.cache.suffixChars';
}

/**
 * One cache rule. Expiry is ttl in unit, at most 365 days; 0 pulls from the origin every time. Which rule wins:
 * the highest priority number among the rules that match.
 */
export const CacheRuleSchema = z
  .object({
    priority: number()
      .int({ error: 'domain.cache.priorityRange' })
      .min(d.cachePriorityMin, { error: 'domain.cache.priorityRange' })
      .max(d.cachePriorityMax, { error: 'domain.cache.priorityRange' }),
    type: CacheRuleTypeSchema,
    content: z.array(text().trim()).max(d.cacheContentMax, { error: 'domain.cache.contentMax' }).default([]),
    ttl: number()
      .int({ error: 'domain.cache.expiryRange' })
      .min(d.cacheExpiryMin, { error: 'domain.cache.expiryRange' }),
    unit: CacheExpiryUnitSchema.default('seconds'),
    ignoreUrlParameter: OnOffSchema.default('off'),
  })
  .superRefine((rule, ctx) => {
    if (cacheExpirySeconds(rule) > d.cacheExpiryMaxDays * cacheUnitSeconds.days) {
      ctx.addIssue({ code: 'custom', path: ['ttl'], message: 'domain.cache.expiryMax' });
    }
    if (rule.type === 'all') {
      if (rule.content.length > 0) {
        ctx.addIssue({ code: 'custom', path: ['content'], message: 'domain.cache.allNoContent' });
      }
      return;
    }
    if (rule.content.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['content'], message: 'validation.required' });
    }
    const seen = new Set<string>();
    rule.content.forEach((entry, i) => {
      const message =
        cacheContentIssue(rule.type, entry, i === rule.content.length - 1) ??
        (seen.has(entry) ? 'domain.cache.contentDuplicate' : null);
      seen.add(entry);
      if (message) ctx.addIssue({ code: 'custom', path: ['content', i], message });
    });
  });
export type CacheRule = z.output<typeof CacheRuleSchema>;
export type CacheRuleInput = z.input<typeof CacheRuleSchema>;

/** Exactly one all-files rule (a save without it is how a delete would look, so it is refused); unique priorities. */
export const CacheRulesSchema = z
  .array(CacheRuleSchema)
  .max(d.cachePriorityMax, { error: 'validation.tooMany' })
  .superRefine((rules, ctx) => {
    const allRules = rules.flatMap((rule, i) => (rule.type === 'all' ? [i] : []));
    if (allRules.length === 0) ctx.addIssue({ code: 'custom', path: [], message: 'domain.cache.allRequired' });
    for (const i of allRules.slice(1)) {
      ctx.addIssue({ code: 'custom', path: [i, 'type'], message: 'domain.cache.allDuplicate' });
    }
    const priorities = new Set<number>();
    rules.forEach((rule, i) => {
      if (priorities.has(rule.priority)) {
        ctx.addIssue({ code: 'custom', path: [i, 'priority'], message: 'domain.cache.priorityDuplicate' });
      }
      priorities.add(rule.priority);
    });
  });

export const CacheConfigSchema = z.object({
  ignoreUrlParameter: OnOffSchema.default('off'),
  cachePrefresh: OnOffSchema.default('off'),
  offlineCache: OnOffSchema.default('off'),
  rules: CacheRulesSchema,
});
export type CacheConfig = z.output<typeof CacheConfigSchema>;
export type CacheConfigInput = z.input<typeof CacheConfigSchema>;

/** The hint next to the expiry field (spec section 9): dynamic content 0, html/js 7 days, other static 30 days. */
export const recommendedCacheExpiry = [
  { kind: 'dynamic', ttl: 0, unit: 'seconds' },
  { kind: 'htmlJs', suffixes: ['.html', '.htm', '.js'], ttl: d.cacheHtmlJsDays, unit: 'days' },
  { kind: 'static', ttl: d.cacheDefaultDays, unit: 'days' },
] as const satisfies readonly { kind: string; suffixes?: readonly string[]; ttl: number; unit: CacheExpiryUnit }[];

export const CacheRuleDataSchema = z.object({
  priority: z.number().int(),
  type: CacheRuleTypeSchema,
  content: z.array(z.string()),
  ttl: z.number().int(),
  unit: CacheExpiryUnitSchema,
  ignoreUrlParameter: OnOffSchema,
});
export const CacheConfigDataSchema = z.object({
  ignoreUrlParameter: OnOffSchema,
  cachePrefresh: OnOffSchema,
  offlineCache: OnOffSchema,
  rules: z.array(CacheRuleDataSchema),
});

// ---------------------------------------------------------------------------------------------------------------
// Access control

export const AccessListTypeSchema = z.enum(['off', 'allow', 'deny'], { error: 'validation.required' });
export type AccessListType = z.infer<typeof AccessListTypeSchema>;

function requireListWhenOn(listField: string) {
  return (value: { type: string } & Record<string, unknown>, ctx: z.RefinementCtx) => {
    const list = value[listField];
    if (value.type !== 'off' && Array.isArray(list) && list.length === 0) {
      ctx.addIssue({ code: 'custom', path: [listField], message: 'validation.required' });
    }
  };
}

/** Lower case, IDN host converted; a port stays as typed. */
export function normalizeRefererEntry(entry: string): string {
  const trimmed = entry.trim().toLowerCase();
  const match = /^(\*\.)?([^:]*)(:.*)?$/.exec(trimmed);
  if (!match) return trimmed;
  return `${match[1] ?? ''}${toAsciiDomain(match[2] ?? '')}${match[3] ?? ''}`;
}

/** A referer entry: a host name or IPv4 address, an optional '*.' prefix on names, an optional port 1-65535. */
export function refererEntryIssue(entry: string): string | null {
  if (entry === '') return 'validation.required';
  const match = /^(\*\.)?([^:]+)(?::(\d{1,5}))?$/.exec(entry);
  if (!match) return 'domain.referer.format';
  const [, wildcard, host = '', port] = match;
  if (wildcard ? !isDomainName(host) : !isDomainName(host) && !isIp(host)) return 'domain.referer.format';
  if (port !== undefined && (Number(port) < d.portMin || Number(port) > d.portMax)) return 'domain.referer.port';
  return null;
}

function listIssues(
  entries: readonly string[],
  issueOf: (entry: string) => string | null,
  duplicateMessage: string,
  keyOf: (entry: string) => string = (entry) => entry.toLowerCase(),
): FieldIssue[] {
  const seen = new Set<string>();
  const issues: FieldIssue[] = [];
  entries.forEach((entry, i) => {
    const key = keyOf(entry);
    const message = issueOf(entry) ?? (seen.has(key) ? duplicateMessage : null);
    seen.add(key);
    if (message) issues.push({ path: [i], message });
  });
  return issues;
}

function addAll(ctx: z.RefinementCtx, issues: FieldIssue[]): void {
  for (const issue of issues) ctx.addIssue({ code: 'custom', ...issue });
}

export const RefererListSchema = z
  .array(text().trim().overwrite(normalizeRefererEntry))
  .max(d.refererMax, { error: 'domain.referer.max' })
  .superRefine((entries, ctx) => addAll(ctx, listIssues(entries, refererEntryIssue, 'domain.referer.duplicate')));

/** Referer allow/deny list; allowEmpty lets requests without a Referer header through. */
export const RefererSchema = z
  .object({
    type: AccessListTypeSchema,
    list: RefererListSchema.default([]),
    allowEmpty: z.boolean().default(true),
  })
  .superRefine(requireListWhenOn('list'));
export type Referer = z.output<typeof RefererSchema>;
export type RefererInput = z.input<typeof RefererSchema>;

const ipAclMessages: Record<IpAclEntryProblem, string> = {
  format: 'domain.ipAcl.format',
  wildcard: 'domain.ipAcl.wildcard',
  mask: 'domain.ipAcl.mask',
  notFirstAddress: 'domain.ipAcl.notFirstAddress',
  ipv6Segment: 'domain.ipAcl.ipv6Segment',
};

export function ipAclEntryMessage(entry: string): string | null {
  if (entry === '') return 'validation.required';
  const problem = ipAclEntryProblem(entry);
  return problem ? ipAclMessages[problem] : null;
}

export const IpAclListSchema = z
  .array(text().trim())
  .max(d.ipAclMax, { error: 'domain.ipAcl.max' })
  .superRefine((entries, ctx) =>
    addAll(
      ctx,
      listIssues(entries, ipAclEntryMessage, 'domain.ipAcl.duplicate', (entry) => {
        const [address = '', mask] = entry.split('/');
        return `${canonicalIp(address) ?? address}/${mask ?? ''}`;
      }),
    ),
  );

/** IP allow/deny list (the config's ipFilter): IPv4 with /8 /16 /24 /32 segments, IPv6 single addresses. */
export const IpAclSchema = z
  .object({ type: AccessListTypeSchema, list: IpAclListSchema.default([]) })
  .superRefine(requireListWhenOn('list'));
export type IpAcl = z.output<typeof IpAclSchema>;
export type IpAclInput = z.input<typeof IpAclSchema>;

/** A type other than these (both lists at once, say) breaks the rule that blacklist and whitelist are exclusive. */
export const UserAgentFilterTypeSchema = z.enum(['off', 'blacklist', 'whitelist'], {
  error: (issue) => (issue.input === undefined || issue.input === null ? 'validation.required' : 'domain.ua.exclusive'),
});

/**
 * '*' is the only wildcard. Glob and regex operators that would read as patterns elsewhere are refused; brackets,
 * dots, pluses and semicolons are common in real user agents and match literally.
 */
export function userAgentRuleIssue(rule: string): string | null {
  if (rule === '') return 'validation.required';
  if (rule.length > d.uaRuleMax) return 'domain.ua.tooLong';
  if (/[?[\]^$|\\{}]/.test(rule)) return 'domain.ua.wildcard';
  return /^[\x20-\x7e]+$/.test(rule) ? null : 'domain.ua.format';
}

export const UserAgentRulesSchema = z
  .array(text().trim())
  .max(d.uaRulesMax, { error: 'domain.ua.max' })
  .superRefine((rules, ctx) => addAll(ctx, listIssues(rules, userAgentRuleIssue, 'domain.ua.duplicate')));

/** Blacklist or whitelist, never both: the single type field makes them exclusive. */
export const UserAgentFilterSchema = z
  .object({ type: UserAgentFilterTypeSchema, rules: UserAgentRulesSchema.default([]) })
  .superRefine(requireListWhenOn('rules'));
export type UserAgentFilter = z.output<typeof UserAgentFilterSchema>;
export type UserAgentFilterInput = z.input<typeof UserAgentFilterSchema>;

// ---------------------------------------------------------------------------------------------------------------
// URL auth

export const UrlAuthTypeSchema = z.enum(['type_a', 'type_b'], { error: 'validation.required' });
export type UrlAuthType = z.infer<typeof UrlAuthTypeSchema>;

const URL_AUTH_KEY = new RegExp(`^[A-Za-z0-9]{${d.urlAuthKeyMin},${d.urlAuthKeyMax}}$`);
const SIGN_ARG = new RegExp(`^[A-Za-z_][A-Za-z0-9_]{0,${d.urlAuthSignArgMax - 1}}$`);

/** Empty is allowed on its own (the backup key is optional); the primary key is required while auth is on. */
export const UrlAuthKeySchema = text()
  .trim()
  .refine((v) => v === '' || URL_AUTH_KEY.test(v), { error: 'domain.urlAuth.keyFormat' });

export const UrlAuthSchema = z
  .object({
    status: OnOffSchema.default('off'),
    type: UrlAuthTypeSchema.default('type_a'),
    key: UrlAuthKeySchema.default(''),
    backupKey: UrlAuthKeySchema.default(''),
    expireTime: number()
      .int({ error: 'domain.urlAuth.expireRange' })
      .min(d.urlAuthExpireMin, { error: 'domain.urlAuth.expireRange' })
      .max(d.urlAuthExpireMax, { error: 'domain.urlAuth.expireRange' })
      .default(d.urlAuthExpireDefault),
    signArg: requiredText().regex(SIGN_ARG, { error: 'domain.urlAuth.signArgFormat' }).default('sign'),
  })
  .superRefine((value, ctx) => {
    if (value.status === 'on' && value.key === '') {
      ctx.addIssue({ code: 'custom', path: ['key'], message: 'validation.required' });
    }
  });
export type UrlAuth = z.output<typeof UrlAuthSchema>;
export type UrlAuthInput = z.input<typeof UrlAuthSchema>;

export const UrlAuthDataSchema = z.object({
  status: OnOffSchema,
  type: UrlAuthTypeSchema,
  key: z.string(),
  backupKey: z.string(),
  expireTime: z.number().int(),
  signArg: z.string(),
});

// ---------------------------------------------------------------------------------------------------------------
// Headers

const HEADER_TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const NUMERIC = /^[+-]?\d+(?:\.\d+)?$/;

/** Headers the platform itself manages: setting them would break the proxying. Compared in lower case. */
export const reservedHeaderNames = [
  'host',
  'connection',
  'content-length',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
  'keep-alive',
  'proxy-connection',
] as const;

export const HeaderActionSchema = z.enum(['set', 'delete'], { error: 'validation.required' });

/**
 * 'set' adds or replaces the header, 'delete' removes it (no value). A value made only of a number must lie in
 * 0..1,000,000,000 (spec: numeric value range), whatever the header.
 */
export const HeaderRuleSchema = z
  .object({
    name: requiredText()
      .max(d.headerNameMax, { error: 'domain.header.nameMax' })
      .regex(HEADER_TOKEN, { error: 'domain.header.nameFormat' })
      .refine((v) => !(reservedHeaderNames as readonly string[]).includes(v.toLowerCase()), {
        error: 'domain.header.reserved',
      }),
    value: text()
      .trim()
      .max(d.headerValueMax, { error: 'domain.header.valueMax' })
      .refine((v) => !NUMERIC.test(v) || (Number(v) >= d.headerNumberMin && Number(v) <= d.headerNumberMax), {
        error: 'domain.header.numberRange',
      })
      .default(''),
    action: HeaderActionSchema.default('set'),
  })
  .superRefine((rule, ctx) => {
    if (rule.action === 'set' && rule.value === '') {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'validation.required' });
    }
  });
export type HeaderRule = z.output<typeof HeaderRuleSchema>;
export type HeaderRuleInput = z.input<typeof HeaderRuleSchema>;

export const HeaderRulesSchema = z
  .array(HeaderRuleSchema)
  .max(d.headersMax, { error: 'domain.header.max' })
  .superRefine((rules, ctx) => {
    const seen = new Set<string>();
    rules.forEach((rule, i) => {
      const key = rule.name.toLowerCase();
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [i, 'name'], message: 'domain.header.duplicate' });
      seen.add(key);
    });
  });

/** Body of both request-header (to the origin) and response-header (to the client). */
export const HeaderRulesBodySchema = z.object({ headers: HeaderRulesSchema });
export type HeaderRulesBody = z.output<typeof HeaderRulesBodySchema>;
export type HeaderRulesBodyInput = z.input<typeof HeaderRulesBodySchema>;

export const HeaderRulesDataSchema = z.object({
  headers: z.array(z.object({ name: z.string(), value: z.string(), action: HeaderActionSchema })),
});

// ---------------------------------------------------------------------------------------------------------------
// Request limits (rate limiting)

/**
 * A rule allows `limit` requests per `periodSeconds` from one client IP, tolerating `threshold` extra requests as a
 * burst (0 = none); beyond that the action 'block' answers 403. The edge's nginx takes a rate of at least one request
 * per minute, so a slower rule (1 per 3600 s) is refused rather than enforced as something else.
 */
export const RateLimitRuleSchema = z
  .object({
    type: CacheRuleTypeSchema,
    content: text().trim().default(''),
    periodSeconds: number()
      .int({ error: 'domain.rateLimit.valueMin' })
      .min(d.rateLimitValueMin, { error: 'domain.rateLimit.valueMin' }),
    limit: number()
      .int({ error: 'domain.rateLimit.valueMin' })
      .min(d.rateLimitValueMin, { error: 'domain.rateLimit.valueMin' }),
    threshold: number()
      .int({ error: 'domain.rateLimit.thresholdMin' })
      .min(d.rateLimitThresholdMin, { error: 'domain.rateLimit.thresholdMin' })
      .default(0),
    action: z.literal('block').default('block'),
  })
  .superRefine((rule, ctx) => {
    if (rule.periodSeconds > rule.limit * 60) {
      ctx.addIssue({
        code: 'custom',
        path: ['periodSeconds'],
        message: 'domain.rateLimit.tooSlow',
        params: { max: rule.limit * 60 },
      });
    }
    const issue = (message: string) => ctx.addIssue({ code: 'custom', path: ['content'], message });
    if (rule.type === 'all') {
      if (rule.content !== '') issue('domain.cache.allNoContent');
    } else if (rule.content === '') {
      issue('validation.required');
    } else if (rule.type === 'path') {
      if (!rule.content.startsWith('/')) issue('domain.rateLimit.pathStart');
      else if (rule.content.length > d.rateLimitPathMax) issue('domain.rateLimit.pathMax');
      else if (!CACHE_PATH.test(rule.content)) issue('domain.cache.pathChars');
    } else if (!rule.content.startsWith('.')) {
      issue('domain.rateLimit.suffixStart');
    } else if (rule.content.length > d.rateLimitSuffixMax) {
      issue('domain.rateLimit.suffixMax');
    } else if (!SUFFIX.test(rule.content)) {
      issue('domain.cache.suffixChars');
    }
  });
export type RateLimitRule = z.output<typeof RateLimitRuleSchema>;
export type RateLimitRuleInput = z.input<typeof RateLimitRuleSchema>;

export const RateLimitRulesSchema = z
  .array(RateLimitRuleSchema)
  .max(d.rateLimitRulesMax, { error: 'domain.rateLimit.max' })
  .superRefine((rules, ctx) => {
    const seen = new Set<string>();
    let allSeen = false;
    rules.forEach((rule, i) => {
      if (rule.type === 'all') {
        if (allSeen) ctx.addIssue({ code: 'custom', path: [i, 'type'], message: 'domain.rateLimit.allDuplicate' });
        allSeen = true;
        return;
      }
      const key = `${rule.type}:${rule.type === 'suffix' ? rule.content.toLowerCase() : rule.content}`;
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [i, 'content'], message: 'domain.rateLimit.duplicate' });
      seen.add(key);
    });
  });

export const RequestLimitsSchema = z
  .object({ status: OnOffSchema, rules: RateLimitRulesSchema.default([]) })
  .superRefine((value, ctx) => {
    if (value.status === 'on' && value.rules.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['rules'], message: 'validation.required' });
    }
  });
export type RequestLimits = z.output<typeof RequestLimitsSchema>;
export type RequestLimitsInput = z.input<typeof RequestLimitsSchema>;

export type RateLimitPreset = keyof typeof limits.domain.rateLimitPresets;
/** The three preset levels (spec section 9), each applied as one all-files rule. */
export const rateLimitPresets = limits.domain.rateLimitPresets;
export const recommendedRateLimitPreset: RateLimitPreset = 'moderate';

export const RequestLimitsDataSchema = z.object({
  status: OnOffSchema,
  rules: z.array(
    z.object({
      type: CacheRuleTypeSchema,
      content: z.string(),
      periodSeconds: z.number().int(),
      limit: z.number().int(),
      threshold: z.number().int(),
      action: z.literal('block'),
    }),
  ),
});

// ---------------------------------------------------------------------------------------------------------------
// Switches

export const RangeSwitchSchema = z.object({ rangeSwitch: OnOffSchema });
export type RangeSwitch = z.infer<typeof RangeSwitchSchema>;
export const CompressionSchema = z.object({ gzip: OnOffSchema, brotli: OnOffSchema });
export type Compression = z.infer<typeof CompressionSchema>;
/** WebSocket is a paid add-on: the server answers ADDON_REQUIRED when the customer has not bought it. */
export const WebsocketSchema = z.object({ websocket: OnOffSchema });
export type Websocket = z.infer<typeof WebsocketSchema>;

// ---------------------------------------------------------------------------------------------------------------
// The whole configuration (response of GET /domain/config/:id and of every segment save)

export const DomainConfigSchema = z.object({
  id: z.number().int(),
  domainName: z.string(),
  /** As in DomainDetail: the zone that holds the domain's CNAME record. */
  apexDomain: z.string(),
  cname: z.string(),
  /** The first entry is the origin setting (the only one the console edits). */
  sources: z.array(OriginSettingDataSchema),
  originProtocol: OriginProtocolSchema,
  rangeStatus: OnOffSchema,
  https: OnOffSchema,
  httpsConfig: HttpsConfigDataSchema,
  quic: OnOffSchema,
  websocket: OnOffSchema,
  compress: CompressionSchema,
  cacheConfig: CacheConfigDataSchema,
  referer: z.object({ type: AccessListTypeSchema, list: z.array(z.string()), allowEmpty: z.boolean() }),
  ipFilter: z.object({ type: AccessListTypeSchema, list: z.array(z.string()) }),
  userAgentFilter: z.object({ type: UserAgentFilterTypeSchema, rules: z.array(z.string()) }),
  httpResponseHeader: HeaderRulesDataSchema,
  originRequestHeader: HeaderRulesDataSchema,
  forceRedirect: z.object({ type: ForceRedirectTypeSchema, statusCode: RedirectStatusSchema }),
  urlAuth: UrlAuthDataSchema,
  requestLimits: RequestLimitsDataSchema,
  /** Increases by one with every saved change; the edge applies versions in order. */
  configVersion: z.number().int(),
  updatedAt: EpochMsSchema,
});
export type DomainConfig = z.infer<typeof DomainConfigSchema>;
