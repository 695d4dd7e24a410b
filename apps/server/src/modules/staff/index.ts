// The staff area's door: the staff sessions the HTTP layer authenticates, the demo installation's admin, and the
// audit log the operator console's screens in other areas write to.
export { ensureDemoAdmin } from './staff.operator';
export { recordStaffAction, type StaffActor } from './staff-audit';
export { createStaffSessionService, type StaffSessionService, type StaffUser } from './staff-session.service';
