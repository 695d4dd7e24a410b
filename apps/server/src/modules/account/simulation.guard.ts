import type { Executor } from '../../db/connect';
import { AppError } from '../../http/errors';
import type { AuthUser } from '../session';
import * as repo from './account.repository';

/**
 * An operator's simulated session acts for the customer but may not change the credentials: the email (where
 * password resets go), the password, API keys and two-factor sign-in.
 */
export async function refuseSimulation(db: Executor, user: AuthUser): Promise<void> {
  // A call signed with an API key has no session; what a key may not do is refused by its route (auth 'session').
  if (user.sessionId === undefined) return;
  if ((await repo.findSessionKind(db, user.sessionId)) === 'simulation') throw new AppError('SIMULATION_NOT_ALLOWED');
}
