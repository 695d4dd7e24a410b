import { z } from 'zod';
import { limits } from '../limits';
import { UserNameSchema } from './auth';
import { EpochMsSchema, PageQuerySchema, text } from './common';
import { AccelerationTypeSchema, DomainNameSchema } from './domain';
import { domainVariants } from './eo';
import { FaceCheckStatusSchema } from './identity';
import { StaffReasonSchema } from './staff';

/** A domain waiting for the reviewer: new domains (REVIEW_NEW_DOMAINS) and whole-site acceleration always. */
export const StaffDomainReviewSchema = z.object({
  id: z.number().int(),
  domainName: z.string(),
  type: AccelerationTypeSchema,
  wholeSite: z.boolean(),
  variant: z.enum(domainVariants),
  userId: z.number().int(),
  userName: z.string(),
  createdAt: EpochMsSchema,
});
export type StaffDomainReview = z.infer<typeof StaffDomainReviewSchema>;

export const realNameReviewStates = ['waiting', 'verified'] as const;

/**
 * Real-name submissions: `waiting` lists accounts not verified whose newest submission is pending or failed (the
 * reviewer may accept it); `verified` lists verified accounts (the reviewer may revoke).
 */
export const StaffRealNameQuerySchema = PageQuerySchema.extend({
  state: z.enum(realNameReviewStates, { error: 'validation.invalid' }).default('waiting'),
  search: text().trim().max(limits.account.userNameMax, { error: 'validation.tooLong' }).optional(),
});
export type StaffRealNameQuery = z.infer<typeof StaffRealNameQuerySchema>;

export const StaffRealNameReviewSchema = z.object({
  userId: z.number().int(),
  userName: z.string(),
  verified: z.boolean(),
  /** The newest submission, masked; null for an account verified by hand without one. */
  submission: z
    .object({
      realName: z.string(),
      idNumber: z.string(),
      faceCheck: FaceCheckStatusSchema,
      operatorReview: z.boolean(),
      submittedAt: EpochMsSchema,
    })
    .nullable(),
});
export type StaffRealNameReview = z.infer<typeof StaffRealNameReviewSchema>;

/** Ownership by hand: the apex of `domainName` is marked verified for the customer who asked for its TXT record. */
export const StaffOwnershipSchema = StaffReasonSchema.extend({
  domainName: DomainNameSchema,
  /** Needed when several customers asked for the same apex. */
  userName: UserNameSchema.optional(),
});
export type StaffOwnership = z.infer<typeof StaffOwnershipSchema>;

export const StaffOwnershipResultSchema = z.object({ apexDomain: z.string(), userName: z.string() });
