// The staff area's door: the staff sessions the HTTP layer authenticates and the demo installation's admin. The audit
// log's writer is lib/staff-audit.ts, so that the areas whose staff actions it records need not depend on this one.
export { ensureDemoAdmin } from './staff.operator';
export { createStaffSessionService, type StaffSessionService, type StaffUser } from './staff-session.service';
