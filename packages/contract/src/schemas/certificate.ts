import { z } from 'zod';
import { limits } from '../limits';
import { EpochMsSchema, PageQuerySchema, text } from './common';
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

export const CertificateDownloadQuerySchema = z.object({
  /** pem: the chain alone; zip: certificate.pem (the chain) and private.key. */
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
