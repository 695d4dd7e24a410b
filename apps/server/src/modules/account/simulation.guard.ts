import { AppError } from '../../http/errors';
import type { AuthUser } from '../session';

/**
 * An operator's simulated session acts for the customer but may not change the credentials: the email (where
 * password resets go), the password, API keys and two-factor sign-in. A call signed with an API key has no session;
 * what a key may not do is refused by its route (auth 'session').
 */
export function refuseSimulation(user: AuthUser): void {
  if (user.simulated) throw new AppError('SIMULATION_NOT_ALLOWED');
}
