import { z } from 'zod';
import { limits } from '../limits';
import { staffCapabilities, staffRoles } from '../staff-permissions';
import { LoginSchema, UserNameSchema } from './auth';
import { FenSchema } from './commerce';
import { EpochMsSchema, epochMsQuery, PageQuerySchema, requiredText, text } from './common';
import { SecondFactorLoginSchema, TotpCodeSchema } from './security';
import { TicketDetailSchema, TicketSchema, TicketUrgencySchema, ticketStatuses } from './support';

export const StaffRoleSchema = z.enum(staffRoles, { error: 'staff.role.required' });

/** The customers' sign-in fields and rules; staff have no captcha (their names lock instead). */
export const StaffLoginSchema = LoginSchema.pick({ userName: true, password: true });
export type StaffLogin = z.infer<typeof StaffLoginSchema>;

/**
 * The password step's answer. Two-factor sign-in is required of staff: a member who has it gets a challenge for the
 * code; one who has not yet (the first sign-in, or after an admin reset it) gets the seed to set it up, and the
 * first code both proves the app and signs in. Only the demo installation's admin, on loopback, gets a token here.
 */
export const StaffLoginResultSchema = z.union([
  z.object({ token: z.string() }),
  z.object({ secondFactor: z.object({ challenge: z.string(), expiresAt: EpochMsSchema }) }),
  z.object({
    twoFactorSetup: z.object({
      challenge: z.string(),
      expiresAt: EpochMsSchema,
      secret: z.string(),
      otpauthUri: z.string(),
      /** The otpauth URI as a QR code: a data: URL of an SVG image. */
      qrCode: z.string(),
    }),
  }),
]);
export type StaffLoginResult = z.infer<typeof StaffLoginResultSchema>;

/** The customers' second step, with an authenticator code only: staff have no recovery codes. */
export const StaffSecondFactorSchema = SecondFactorLoginSchema.extend({ code: TotpCodeSchema });
export type StaffSecondFactor = z.infer<typeof StaffSecondFactorSchema>;

export const StaffMeSchema = z.object({
  id: z.number().int(),
  userName: z.string(),
  role: StaffRoleSchema,
  capabilities: z.array(z.enum(staffCapabilities)),
  /** The demo admin signs in without two-factor, on loopback only; the console says so in a banner. */
  twoFactorExempt: z.boolean(),
  sessionExpiresAt: EpochMsSchema,
});
export type StaffMe = z.infer<typeof StaffMeSchema>;

export const StaffMemberSchema = z.object({
  id: z.number().int(),
  userName: z.string(),
  role: StaffRoleSchema,
  disabled: z.boolean(),
  twoFactorEnabled: z.boolean(),
  createdAt: EpochMsSchema,
  lastSignInAt: EpochMsSchema.nullable(),
  lastSignInIp: z.string().nullable(),
});
export type StaffMember = z.infer<typeof StaffMemberSchema>;

export const StaffCreateSchema = z.object({ userName: UserNameSchema, role: StaffRoleSchema });
export type StaffCreate = z.infer<typeof StaffCreateSchema>;

/** A new member's password, shown once: the member signs in with it and sets up two-factor sign-in. */
export const StaffCreatedSchema = z.object({ id: z.number().int(), password: z.string() });

export const StaffRoleChangeSchema = z.object({ role: StaffRoleSchema });

/** A reason is required for what changes someone else's access (disable, reset two-factor). */
export const StaffReasonSchema = z.object({
  reason: requiredText('staff.reason.required').max(limits.staffAudit.reasonMax, { error: 'staff.reason.max' }),
});
export type StaffReason = z.infer<typeof StaffReasonSchema>;

/** Every action the staff audit log records, `<object>.<verb>`; each area of the operator console adds its own. */
export const staffAuditActions = [
  'customer.cdnType',
  'customer.permission',
  'customer.twoFactorOff',
  'customer.simulate',
  'customer.disable',
  'customer.enable',
  'notice.publish',
  'edgeNode.add',
  'edgeNode.revoke',
  'edge.republish',
  'traffic.import',
  'domain.approve',
  'domain.reject',
  'ownership.verify',
  'realName.approve',
  'realName.revoke',
  'ticket.reply',
  'ticket.resolve',
  'order.refund',
  'order.confirmTransfer',
  'order.rejectTransfer',
  'package.add',
  'package.edit',
  'package.sale',
  'staff.signIn',
  'staff.signOut',
  'staff.create',
  'staff.changeRole',
  'staff.disable',
  'staff.enable',
  'staff.resetTwoFactor',
] as const;
export type StaffAuditAction = (typeof staffAuditActions)[number];

export const StaffAuditQuerySchema = PageQuerySchema.extend({
  staffName: text().max(limits.account.userNameMax, { error: 'validation.tooLong' }).optional(),
  action: z.enum(staffAuditActions, { error: 'validation.invalid' }).optional(),
  from: epochMsQuery().optional(),
  to: epochMsQuery().optional(),
});
export type StaffAuditQuery = z.infer<typeof StaffAuditQuerySchema>;

export const StaffAuditEntrySchema = z.object({
  id: z.number().int(),
  /** Null for the operator's command line. */
  staffId: z.number().int().nullable(),
  staffName: z.string(),
  /** One of staffAuditActions (a later version's rows may name newer ones). */
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  targetName: z.string().nullable(),
  /** The customer whose objects the action touched, when it touched one. */
  customerId: z.number().int().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  reason: z.string().nullable(),
  address: z.string().nullable(),
  createdAt: EpochMsSchema,
});
export type StaffAuditEntry = z.infer<typeof StaffAuditEntrySchema>;

const periodFen = z.object({ todayFen: FenSchema, last7DaysFen: FenSchema });

/**
 * The operator console's start page: what is new and what waits for the staff. Days are UTC+8 calendar days, as the
 * customers' statistics.
 */
export const StaffDashboardSchema = z.object({
  customers: z.object({ total: z.number().int(), newToday: z.number().int(), newLast7Days: z.number().int() }),
  revenue: z.object({ paidOrders: periodFen, recharges: periodFen }),
  tickets: z.object({
    waiting: z.number().int(),
    byUrgency: z.record(TicketUrgencySchema, z.number().int()),
    /** The oldest waiting tickets first, at most five. */
    oldest: z.array(
      z.object({
        id: z.number().int(),
        ticketNo: z.string(),
        title: z.string(),
        urgency: TicketUrgencySchema,
        userName: z.string(),
        createdAt: EpochMsSchema,
      }),
    ),
  }),
  reviews: z.object({ realName: z.number().int(), wholeSiteDomains: z.number().int() }),
  bankTransfersWaiting: z.number().int(),
  edgeNodes: z.array(
    z.object({
      name: z.string(),
      lastContactAt: EpochMsSchema.nullable(),
      /** Configuration versions published that the node has not applied yet. */
      versionsBehind: z.number().int(),
      failures: z.number().int(),
    }),
  ),
  domainsAbnormal: z.number().int(),
  certificateApplicationsFailed: z.number().int(),
});
export type StaffDashboard = z.infer<typeof StaffDashboardSchema>;

/** The staff's ticket queue: waiting tickets (processing, appeal) by default, oldest first. */
export const StaffTicketQuerySchema = PageQuerySchema.extend({
  status: z.enum(ticketStatuses, { error: 'validation.invalid' }).optional(),
  urgency: TicketUrgencySchema.optional(),
  /** Part of the ticket number, the title or the customer's name. */
  search: text().trim().max(limits.support.searchMax, { error: 'validation.tooLong' }).optional(),
});
export type StaffTicketQuery = z.infer<typeof StaffTicketQuerySchema>;

export const StaffTicketSchema = TicketSchema.extend({ userId: z.number().int(), userName: z.string() });
export type StaffTicket = z.infer<typeof StaffTicketSchema>;

/** A ticket as the staff read it: the customer's ticket detail, its images at the staff's image path. */
export const StaffTicketDetailSchema = TicketDetailSchema.extend({ userId: z.number().int(), userName: z.string() });
export type StaffTicketDetail = z.infer<typeof StaffTicketDetailSchema>;
