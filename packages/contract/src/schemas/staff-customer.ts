import { z } from 'zod';
import { limits } from '../limits';
import { actions, PermissionSchema, permissionIds } from '../permissions';
import { EpochMsSchema, PageQuerySchema, text } from './common';
import { CdnTypeSchema } from './eo';

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
});
export type StaffCustomer = z.infer<typeof StaffCustomerSchema>;

export const StaffCustomerDetailSchema = StaffCustomerSchema.extend({
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
