import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/connect';
import { opsActor } from '../../lib/staff-audit';
import type { PasswordHasher } from '../../secrets/password-hasher';
import * as repo from './staff.repository';
import { createStaffMembersService } from './staff-members.service';

const demoAdmin = { userName: 'admin', password: 'admin123456' } as const;

/**
 * The demo installation's admin (config.demo: loopback, or DEMO=true; never production), with a published password
 * and no two-factor sign-in, so a newcomer can open the operator console at once. Created when missing.
 */
export async function ensureDemoAdmin(
  db: Db,
  passwords: PasswordHasher,
  log: Pick<FastifyBaseLogger, 'info'>,
): Promise<void> {
  if (await repo.findByName(db, demoAdmin.userName)) return;
  const members = createStaffMembersService({ db, now: () => new Date(), passwords });
  try {
    await members.create(
      opsActor,
      { userName: demoAdmin.userName, role: 'admin' },
      { twoFactorExempt: true, password: demoAdmin.password },
    );
  } catch (error) {
    // Another instance starting on the same database created it first.
    if (error instanceof Error && 'id' in error && error.id === 'STAFF_NAME_TAKEN') return;
    throw error;
  }
  log.info(`Demo operator console: /admin/login as ${demoAdmin.userName} / ${demoAdmin.password}`);
}
