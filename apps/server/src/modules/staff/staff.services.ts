import { createPasswordHasher } from '../../secrets/password-hasher';
import { secretBoxOf } from '../../secrets/secret-box';
import type { AreaContext } from '../area';
import { createStaffAuditService } from './staff-audit';
import { createStaffDashboardService } from './staff-dashboard.service';
import { createStaffLoginService } from './staff-login.service';
import { createStaffMembersService } from './staff-members.service';

export function staffServices(ctx: AreaContext) {
  const db = ctx.database.db;
  const passwords = createPasswordHasher(ctx.config.passwordHashing);
  return {
    now: ctx.now,
    login: createStaffLoginService({
      db,
      now: ctx.now,
      passwords,
      box: secretBoxOf(ctx.config),
      demo: ctx.config.demo,
    }),
    members: createStaffMembersService({ db, now: ctx.now, passwords }),
    audit: createStaffAuditService(db),
    dashboard: createStaffDashboardService({ db, now: ctx.now, config: ctx.config }),
  };
}

export type StaffServices = ReturnType<typeof staffServices>;
