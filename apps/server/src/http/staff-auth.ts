import { hasStaffCapability, isApiKeyAuthorization, type StaffCapability } from '@edgeward/contract';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { StaffSessionService, StaffUser } from '../modules/staff';
import { tokenOf } from './auth';
import { AppError } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    staff?: StaffUser;
  }
  interface FastifyInstance {
    staffSessions: StaffSessionService;
  }
}

/**
 * The guard of every staff route (RouteDef auth 'staff'): a staff session's token, looked up in the staff sessions
 * only, so a customer's token answers 401 here as an unknown one does; API keys are customers' and never accepted.
 * Then the role must hold the route's capability, or 403.
 */
export function requireStaff(capability?: StaffCapability): onRequestAsyncHookHandler {
  return async function authenticateStaff(request) {
    const header = request.headers.authorization;
    if (header && isApiKeyAuthorization(header)) throw new AppError('UNAUTHORIZED');
    const token = tokenOf(request);
    const staff = token ? await this.staffSessions.authenticate(token) : null;
    if (!staff) throw new AppError(token ? 'SESSION_EXPIRED' : 'UNAUTHORIZED');
    request.staff = staff;
    if (capability && !hasStaffCapability(staff.role, capability)) throw new AppError('FORBIDDEN');
  };
}
