import { defineRoute } from '../route';
import { IdParamsSchema } from '../schemas/common';
import { RealNameAttemptSchema, RealNameStatusSchema, RealNameSubmitSchema } from '../schemas/identity';

/*
 * Real-name verification; the spec does not show its paths. Steps: submit the name and ID number (checked against
 * the contract's schema), which opens a face check at the identity service; the service's signed asynchronous
 * callback passes or fails it. A pass marks the account verified.
 * - submit answers REAL_NAME_ALREADY_VERIFIED (409) once verified, and REAL_NAME_ATTEMPTS_EXCEEDED (429) after the
 *   day's failed face checks (REAL_NAME_DAILY_FAILURES, Beijing day). A new submission replaces a pending check.
 * - Ownership: attempt/:id is the caller's; a foreign id answers NOT_FOUND like a missing one.
 * - Names and ID numbers leave the server masked: the first and the last character only.
 */

const tag = 'identity';
const user = { id: 'user' } as const;

export const identityRoutes = {
  realNameStatus: defineRoute({
    method: 'GET',
    path: '/real-name',
    summary: 'My real-name verification: verified or not, the masked identity, the pending face check',
    tag,
    permission: user,
    data: RealNameStatusSchema,
  }),
  realNameSubmit: defineRoute({
    method: 'POST',
    path: '/real-name',
    summary: 'Submit name and ID number; opens a face check (QR code and link)',
    tag,
    permission: { id: 'user', action: 'edit' },
    body: RealNameSubmitSchema,
    data: RealNameAttemptSchema,
    rateLimit: { max: 20, windowMs: 10 * 60_000, per: 'user' },
  }),
  realNameAttempt: defineRoute({
    method: 'GET',
    path: '/real-name/attempt/:id',
    summary: "One verification attempt's face check: pending, passed or failed",
    tag,
    permission: user,
    params: IdParamsSchema,
    data: RealNameAttemptSchema,
  }),
};
