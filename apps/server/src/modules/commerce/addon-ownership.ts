import type { AddonType } from '@edgeward/contract';
import type { Db } from '../../db/connect';
import { holdsAddon } from './package.repository';

/**
 * The commerce area's answer to "has this customer bought the add-on?": an add-on package paid for, in force now
 * and not refunded. Other areas (the domain settings' WebSocket switch) ask through this.
 */
export function addonOwnership(deps: { db: Db; now: () => Date }) {
  return (userId: number, addon: AddonType): Promise<boolean> => holdsAddon(deps.db, userId, addon, deps.now());
}
