import { AppError } from '../../http/errors';

/**
 * Spec sections 1 and 6: real-name verification is required to use features and buy services. Every call that
 * changes what the platform serves or sells goes through this one check.
 */
export function assertRealNameVerified(user: { realNameVerified: boolean }): void {
  if (!user.realNameVerified) throw new AppError('REAL_NAME_REQUIRED');
}
