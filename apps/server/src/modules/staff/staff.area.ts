import { handle } from '../../jobs/job';
import { defineArea } from '../area';
import { staffCommands } from './staff.commands';
import { purgeExpiredStaffJob, purgeExpiredStaffSchedule } from './staff.jobs';
import * as repo from './staff.repository';
import { staffRoutesPlugin } from './staff.routes';
import { staffServices } from './staff.services';

/** The operator console's staff: sign-in, sessions, staff management, the audit log and the dashboard. */
export const staffArea = defineArea({
  name: 'staff',
  routes: (ctx) => staffRoutesPlugin(staffServices(ctx)),
  jobs: (ctx) => [handle(purgeExpiredStaffJob, () => repo.purgeExpired(ctx.database.db, ctx.now()))],
  schedules: [purgeExpiredStaffSchedule],
  commands: staffCommands,
});
