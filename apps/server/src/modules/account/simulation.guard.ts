import type { Executor } from '../../db/connect';
import { AppError } from '../../http/errors';
import type { AuthUser } from '../session/session.service';
import * as repo from './account.repository';

/**
 * An operator's simulated session acts for the customer but may not change the credentials: the email (where
 * password resets go) and the password.
 */
export async function refuseSimulation(db: Executor, user: AuthUser): Promise<void> {
  if ((await repo.findSessionKind(db, user.sessionId)) === 'simulation') throw new AppError('SIMULATION_NOT_ALLOWED');
}
