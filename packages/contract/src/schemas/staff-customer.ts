import { z } from 'zod';
import { limits } from '../limits';
import { actions, PermissionSchema, permissionIds } from '../permissions';
import { SessionItemSchema } from './auth';
import { CertificateSourceSchema } from './certificate';
import { FenSchema } from './commerce';
import { EpochMsSchema, PageQuerySchema, text } from './common';
import { AccelerationTypeSchema, DomainStatusSchema } from './domain';
import { CdnTypeSchema, domainVariants } from './eo';
import { TicketStatusSchema, TicketUrgencySchema } from './support';

/** The customers list: by part of the user name or email, an exact id, or part of one of their domain names. */
export const StaffCustomerQuerySchema = PageQuerySchema.extend({
  search: text().trim().max(limits.domain.nameMax, { error: 'validation.tooLong' }).optional(),
});
export type StaffCustomerQuery = z.infer<typeof StaffCustomerQuerySchema>;

export const StaffCustomerSchema = z.object({
  id: z.number().int(),
  userName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  cdnType: CdnTypeSchema,
  realNameVerified: z.boolean(),
  createdAt: EpochMsSchema,
  /** Set while an operator has the account disabled. */
  disabledAt: EpochMsSchema.nullable(),
});
export type StaffCustomer = z.infer<typeof StaffCustomerSchema>;

/** The customer's business at a glance; each count links to its desk (orders, tickets) in the console. */
export const StaffCustomerSummarySchema = z.object({
  balanceFen: FenSchema,
  orders: z.number().int(),
  packagesInForce: z.number().int(),
  domains: z.number().int(),
  domainsAbnormal: z.number().int(),
  certificates: z.number().int(),
  openTickets: z.number().int(),
  apiKeys: z.number().int(),
});
export type StaffCustomerSummary = z.infer<typeof StaffCustomerSummarySchema>;

export const StaffCustomerDetailSchema = StaffCustomerSchema.extend({
  disabledReason: z.string().nullable(),
  summary: StaffCustomerSummarySchema,
  twoFactorEnabled: z.boolean(),
  permissions: z.array(PermissionSchema),
  openSessions: z.number().int(),
  lastSignInAt: EpochMsSchema.nullable(),
  lastSignInIp: z.string().nullable(),
});
export type StaffCustomerDetail = z.infer<typeof StaffCustomerDetailSchema>;

export const StaffCdnTypeSchema = z.object({ cdnType: CdnTypeSchema });

/** A permission's whole action list; an empty list takes the permission away. */
export const StaffPermissionSetSchema = z.object({
  permissionId: z.enum(permissionIds, { error: 'validation.invalid' }),
  actionList: z.array(z.enum(actions, { error: 'validation.invalid' })),
});
export type StaffPermissionSet = z.infer<typeof StaffPermissionSetSchema>;

/** A one-time link signing the staff member in as the customer (the spec's /user/login/{token}). */
export const StaffSimulationSchema = z.object({ token: z.string(), path: z.string(), expiresAt: EpochMsSchema });

/*
 * The customer's page lists its business in place, a page at a time (GET /admin/customers/:id/<list>?page=&size=):
 * orders, packages and the statement in the customer console's own shapes (StaffOrderSchema, MyPackageSchema,
 * LedgerEntrySchema), the login log and the operation log likewise, and the short rows below.
 */

export const StaffCustomerDomainSchema = z.object({
  id: z.number().int(),
  domainName: z.string(),
  /** Which console holds it: the CDN's or the edge platform's. */
  variant: z.enum(domainVariants),
  type: AccelerationTypeSchema,
  status: DomainStatusSchema,
  createdAt: EpochMsSchema,
});
export type StaffCustomerDomain = z.infer<typeof StaffCustomerDomainSchema>;

export const StaffCustomerCertificateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  dnsNames: z.array(z.string()),
  notAfter: EpochMsSchema,
  source: CertificateSourceSchema,
});
export type StaffCustomerCertificate = z.infer<typeof StaffCustomerCertificateSchema>;

export const StaffCustomerTicketSchema = z.object({
  id: z.number().int(),
  ticketNo: z.string(),
  title: z.string(),
  urgency: TicketUrgencySchema,
  status: TicketStatusSchema,
  updatedAt: EpochMsSchema,
});
export type StaffCustomerTicket = z.infer<typeof StaffCustomerTicketSchema>;

/**
 * An open session of the customer (not revoked, not expired), as their own console lists it (`kind` 'simulation' for
 * one opened through an operator's simulation link), with its absolute expiry; never its token.
 */
export const StaffCustomerSessionSchema = SessionItemSchema.omit({ current: true }).extend({
  expiresAt: EpochMsSchema,
});
export type StaffCustomerSession = z.infer<typeof StaffCustomerSessionSchema>;
