import { z } from 'zod';
import { limits } from '../limits';
import { isDomainName, toAsciiDomain } from '../net/domain-name';
import { EpochMsSchema, PageQuerySchema, text } from './common';
import { VerificationFailureSchema } from './domain';
import { CertificateUploadSchema } from './domain-config';

const c = limits.certificate;

export const certificateSources = ['uploaded', 'applied'] as const;
export const CertificateSourceSchema = z.enum(certificateSources, { error: 'validation.invalid' });
export type CertificateSource = z.infer<typeof CertificateSourceSchema>;

export const certificateKeyTypes = ['RSA', 'ECC'] as const;
export const CertificateKeyTypeSchema = z.enum(certificateKeyTypes, { error: 'validation.invalid' });
export type CertificateKeyType = z.infer<typeof CertificateKeyTypeSchema>;

/** The list's expiry filter: expiring within limits.certificate.expiringDays, or already expired. */
export const certificateExpiryFilters = ['expiring', 'expired'] as const;
export const CertificateExpiryFilterSchema = z.enum(certificateExpiryFilters, { error: 'validation.invalid' });

/** What a certificate's dates say at a moment: valid, expiring within expiringDays, or expired. */
export type CertificateValidity = 'valid' | 'expiring' | 'expired';

export function certificateValidity(notAfter: number, now: number): CertificateValidity {
  if (notAfter < now) return 'expired';
  return notAfter - now <= c.expiringDays * 86_400_000 ? 'expiring' : 'valid';
}

/**
 * An upload: name 3 to 32 characters, the full chain and its unencrypted key, 1 to 10240 characters each (the same
 * rules as the domain HTTPS tab's certificate). The server parses both and answers CERT_INVALID with the field's
 * message certificate.check.<problem>.
 */
export const CertificateCreateSchema = CertificateUploadSchema;
export type CertificateCreate = z.infer<typeof CertificateCreateSchema>;

/** Replaces the chain and key (and optionally the name) of a certificate; it is redeployed where it is deployed. */
export const CertificateReplaceSchema = CertificateUploadSchema.extend({
  name: CertificateUploadSchema.shape.name.optional(),
});
export type CertificateReplace = z.infer<typeof CertificateReplaceSchema>;

export const CertificateListQuerySchema = PageQuerySchema.extend({
  /** A substring of the name, the subject's common name or one of the names (SANs). */
  search: text().trim().max(253).optional(),
  expiry: CertificateExpiryFilterSchema.optional(),
  source: CertificateSourceSchema.optional(),
  /** Only certificates whose names cover this domain name (a wildcard one level down): the domain HTTPS tab's choice. */
  covers: text().trim().toLowerCase().max(253).optional(),
});
export type CertificateListQuery = z.output<typeof CertificateListQuerySchema>;
export type CertificateListQueryInput = z.input<typeof CertificateListQuerySchema>;

export const CertificateDomainRefSchema = z.object({ id: z.number().int(), domainName: z.string() });
export type CertificateDomainRef = z.infer<typeof CertificateDomainRefSchema>;

/**
 * creating: the order is being placed and the records generated; pending: waiting for the customer to add the TXT
 * records and verify (DNS verification pending); generating: the CA validates and issues; completed, failed,
 * expired (left unverified for limits.certificate.applicationExpiryDays; a retry places a new order).
 */
export const certificateApplicationStatuses = [
  'creating',
  'pending',
  'generating',
  'completed',
  'failed',
  'expired',
] as const;
export const CertificateApplicationStatusSchema = z.enum(certificateApplicationStatuses, {
  error: 'validation.invalid',
});
export type CertificateApplicationStatus = z.infer<typeof CertificateApplicationStatusSchema>;

/** A DNS-01 record to add: `name` TXT `value` (`host` is the name relative to the apex, as DNS consoles ask). */
export const CertificateApplicationRecordSchema = z.object({
  /** The name it proves (`*.example.com` for a wildcard). */
  domainName: z.string(),
  type: z.literal('TXT'),
  host: z.string(),
  name: z.string(),
  value: z.string(),
});
export type CertificateApplicationRecord = z.infer<typeof CertificateApplicationRecordSchema>;

/**
 * The renewal of an applied certificate while it is not done: waiting for the TXT records (pending, with the
 * records), being worked on (creating, generating), or failed or expired (tried again by the next hourly maintenance
 * run while the certificate is within limits.certificate.renewBeforeDays of its end). Null when none is open.
 */
export const CertificateRenewalSchema = z.object({
  applicationId: z.number().int(),
  status: CertificateApplicationStatusSchema,
  /** The TXT records to add, while pending. */
  records: z.array(CertificateApplicationRecordSchema),
});
export type CertificateRenewal = z.infer<typeof CertificateRenewalSchema>;

export const CertificateListItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  source: CertificateSourceSchema,
  commonName: z.string(),
  /** The subject alternative names (DNS), wildcards as `*.example.com`. */
  dnsNames: z.array(z.string()),
  issuer: z.string(),
  keyType: CertificateKeyTypeSchema,
  keyBits: z.number().int(),
  notBefore: EpochMsSchema,
  notAfter: EpochMsSchema,
  validity: z.enum(['valid', 'expiring', 'expired']),
  deployedDomains: z.array(CertificateDomainRefSchema),
  /** An applied certificate's renewal while it is not done (waiting for DNS, failed...). */
  renewal: CertificateRenewalSchema.nullable(),
  createdAt: EpochMsSchema,
  updatedAt: EpochMsSchema,
});
export type CertificateListItem = z.infer<typeof CertificateListItemSchema>;

/** The detail drawer: the list's columns plus the full distinguished names, fingerprint and serial number. */
export const CertificateDetailSchema = CertificateListItemSchema.extend({
  subject: z.string(),
  issuerDn: z.string(),
  fingerprint256: z.string(),
  serialNumber: z.string(),
});
export type CertificateDetail = z.infer<typeof CertificateDetailSchema>;

/** The files of the zip download, named as certbot names them (nginx: ssl_certificate, ssl_certificate_key). */
export const certificateZipFiles = { chain: 'fullchain.pem', privateKey: 'privkey.pem' } as const;

export const CertificateDownloadQuerySchema = z.object({
  /** pem: the chain alone; zip: certificateZipFiles, fullchain.pem (the chain, leaf first) and privkey.pem. */
  format: z.enum(['pem', 'zip'], { error: 'validation.invalid' }).default('pem'),
});

/** A domain of the caller that the certificate's names cover, and whether it is deployed there. */
export const CertificateCoveredDomainSchema = CertificateDomainRefSchema.extend({ deployed: z.boolean() });
export type CertificateCoveredDomain = z.infer<typeof CertificateCoveredDomainSchema>;

export const CertificateDeploySchema = z.object({
  domainIds: z
    .array(z.number().int().positive(), { error: 'validation.required' })
    .min(1, { error: 'validation.required' })
    .max(c.deployMax, { error: 'validation.tooMany' }),
});
export type CertificateDeploy = z.infer<typeof CertificateDeploySchema>;

/** One domain's outcome: deployed (HTTPS on, the edge rollout queued) or refused with the reason, translated. */
export const CertificateDeployResultSchema = z.object({
  domainId: z.number().int(),
  domainName: z.string(),
  ok: z.boolean(),
  message: z.string().nullable(),
});
export type CertificateDeployResult = z.infer<typeof CertificateDeployResultSchema>;

export const CertificateDeployResultsSchema = z.object({ results: z.array(CertificateDeployResultSchema) });

export const CertificateReplaceResultSchema = z.object({
  certificate: CertificateDetailSchema,
  results: z.array(CertificateDeployResultSchema),
});

export const CertificateIdBodySchema = z.object({ id: z.number().int().positive({ error: 'validation.required' }) });

/*
 * Certificate applications (/certificate/order): a certificate from the CA (ACME, DNS-01), spec section 4.
 */

/** The message centre's certificate events (rows written today, shown when the message centre lands). */
export const certificateEventKinds = ['renewed', 'renewalFailed', 'renewalNeedsDns'] as const;

/** A name to certify: a domain name, or a wildcard `*.` and a domain name (one level), as typed then in ASCII. */
export const CertificateApplicationNameSchema = text('validation.required')
  .trim()
  .min(1, { error: 'validation.required', abort: true })
  .overwrite((name) => (name.startsWith('*.') ? `*.${toAsciiDomain(name.slice(2))}` : toAsciiDomain(name)))
  .refine((name) => isDomainName(name.startsWith('*.') ? name.slice(2) : name), {
    error: 'certificate.application.nameFormat',
  });

/**
 * A new application: 1 to applicationNamesMax names (each under an apex the caller has verified, or the server
 * answers CERT_NAME_NOT_OWNED naming the others), RSA 2048 or ECC (ECDSA P-256), and optionally the caller's
 * domains to deploy the certificate to once it is issued (each must be covered by the names).
 */
export const CertificateApplicationCreateSchema = z.object({
  domainNames: z
    .array(CertificateApplicationNameSchema, { error: 'validation.required' })
    .min(1, { error: 'validation.required' })
    .max(c.applicationNamesMax, { error: 'validation.tooMany' })
    .refine((names) => new Set(names).size === names.length, { error: 'certificate.application.nameRepeated' }),
  keyType: CertificateKeyTypeSchema,
  deployDomainIds: z
    .array(z.number().int().positive(), { error: 'validation.invalid' })
    .max(c.deployMax, { error: 'validation.tooMany' })
    .default([]),
});
export type CertificateApplicationCreate = z.output<typeof CertificateApplicationCreateSchema>;
export type CertificateApplicationCreateInput = z.input<typeof CertificateApplicationCreateSchema>;

export const CertificateApplicationListQuerySchema = PageQuerySchema.extend({
  /** A substring of one of the names. */
  search: text().trim().max(253).optional(),
  status: CertificateApplicationStatusSchema.optional(),
});
export type CertificateApplicationListQuery = z.output<typeof CertificateApplicationListQuerySchema>;

/** What the last verify found for one record: the values at its name, and what was wrong (null: it was right). */
export const CertificateApplicationDnsCheckSchema = z.object({
  name: z.string(),
  expected: z.string(),
  found: z.array(z.string()),
  failure: VerificationFailureSchema.nullable(),
});

export const CertificateApplicationListItemSchema = z.object({
  /** The application ID. */
  id: z.number().int(),
  domainNames: z.array(z.string()),
  keyType: CertificateKeyTypeSchema,
  status: CertificateApplicationStatusSchema,
  retryCount: z.number().int(),
  /** In the caller's language, when failed: 'Certificate generation failed: ...' or 'DNS verification failed, ...'. */
  failureReason: z.string().nullable(),
  /**
   * While creating or generating after a try that did not get through (the CA unreachable, still validating): why,
   * in the caller's language, and when the next try runs. retryCount counts these tries and the customer's retries.
   */
  retryReason: z.string().nullable(),
  nextAttemptAt: EpochMsSchema.nullable(),
  /** The issued certificate (managed certificates, source 'applied'): download it through /certificate/:id/download. */
  certificateId: z.number().int().nullable(),
  /** The issued certificate's validity, when completed. */
  notBefore: EpochMsSchema.nullable(),
  notAfter: EpochMsSchema.nullable(),
  /** Set for an automatic renewal: the certificate it renews (replaced in place, redeployed to its domains). */
  renewalOf: z.number().int().nullable(),
  createdAt: EpochMsSchema,
  updatedAt: EpochMsSchema,
});
export type CertificateApplicationListItem = z.infer<typeof CertificateApplicationListItemSchema>;

export const CertificateApplicationDetailSchema = CertificateApplicationListItemSchema.extend({
  /** The TXT records to add; empty while creating. */
  records: z.array(CertificateApplicationRecordSchema),
  /** The last verify's findings per record, or null before the first verify. */
  dnsCheck: z.array(CertificateApplicationDnsCheckSchema).nullable(),
  /** Domains the certificate is deployed to when issued. */
  deployDomains: z.array(CertificateDomainRefSchema),
  /** Each deploy's outcome once issued, translated; null before. */
  deployResults: z.array(CertificateDeployResultSchema).nullable(),
  /** When the records were generated, verified, and the certificate issued. */
  recordsAt: EpochMsSchema.nullable(),
  verifiedAt: EpochMsSchema.nullable(),
  completedAt: EpochMsSchema.nullable(),
  /** A pending application expires at this time unless verified. */
  expiresAt: EpochMsSchema.nullable(),
});
export type CertificateApplicationDetail = z.infer<typeof CertificateApplicationDetailSchema>;

/** The names the caller may apply for: every verified apex (and its subdomains and wildcards), and their domains. */
export const CertificateApplicationOptionsSchema = z.object({
  apexDomains: z.array(z.string()),
  domains: z.array(CertificateDomainRefSchema),
});
export type CertificateApplicationOptions = z.infer<typeof CertificateApplicationOptionsSchema>;
