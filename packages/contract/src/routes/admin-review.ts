import { z } from 'zod';
import { defineRoute } from '../route';
import { IdParamsSchema, pageOf } from '../schemas/common';
import { StaffReasonSchema } from '../schemas/staff';
import {
  StaffDomainReviewSchema,
  StaffOwnershipResultSchema,
  StaffOwnershipSchema,
  StaffRealNameQuerySchema,
  StaffRealNameReviewSchema,
} from '../schemas/staff-review';

const tag = 'admin';

/**
 * The reviewer's desk (issue 28): domains waiting for review, real-name submissions, ownership by hand. Each
 * decision is the command line's own, reaches the customer (a message, their operation log as the operator) and is
 * audited; a decision already taken answers 409.
 */
export const staffReviewRoutes = {
  domains: defineRoute({
    method: 'GET',
    path: '/admin/reviews/domains',
    summary: 'Domains waiting for review, oldest first',
    tag,
    auth: 'staff',
    staffPermission: 'reviews',
    data: z.array(StaffDomainReviewSchema),
  }),
  approveDomain: defineRoute({
    method: 'POST',
    path: '/admin/reviews/domains/:id/approve',
    summary: 'Approve a domain under review: it is deployed to the edge',
    tag,
    auth: 'staff',
    staffPermission: 'reviews',
    params: IdParamsSchema,
    data: z.null(),
  }),
  rejectDomain: defineRoute({
    method: 'POST',
    path: '/admin/reviews/domains/:id/reject',
    summary: 'Reject a domain under review with a reason the customer sees',
    tag,
    auth: 'staff',
    staffPermission: 'reviews',
    params: IdParamsSchema,
    body: StaffReasonSchema,
    data: z.null(),
  }),
  realName: defineRoute({
    method: 'GET',
    path: '/admin/reviews/real-name',
    summary: 'Real-name submissions waiting, or verified accounts',
    tag,
    auth: 'staff',
    staffPermission: 'reviews',
    query: StaffRealNameQuerySchema,
    data: pageOf(StaffRealNameReviewSchema),
  }),
  approveRealName: defineRoute({
    method: 'POST',
    path: '/admin/reviews/real-name/:id/approve',
    summary: "Accept the customer's newest real-name submission (the id is the customer's)",
    tag,
    auth: 'staff',
    staffPermission: 'reviews',
    params: IdParamsSchema,
    body: StaffReasonSchema,
    data: z.null(),
  }),
  revokeRealName: defineRoute({
    method: 'POST',
    path: '/admin/reviews/real-name/:id/revoke',
    summary: "Revoke the customer's real-name verification: they verify again",
    tag,
    auth: 'staff',
    staffPermission: 'reviews',
    params: IdParamsSchema,
    body: StaffReasonSchema,
    data: z.null(),
  }),
  verifyOwnership: defineRoute({
    method: 'POST',
    path: '/admin/ownership',
    summary: 'Mark an apex verified by hand for the customer who asked for its TXT record',
    tag,
    auth: 'staff',
    staffPermission: 'ownership',
    body: StaffOwnershipSchema,
    data: StaffOwnershipResultSchema,
  }),
};
