// The staff area's door: the staff sessions the HTTP layer authenticates and the demo installation's admin.
export { ensureDemoAdmin } from './staff.operator';
export { createStaffSessionService, type StaffSessionService, type StaffUser } from './staff-session.service';
