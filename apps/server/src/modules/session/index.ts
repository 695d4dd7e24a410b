// The session area's door: who is calling, and the console sessions other areas open, list and revoke.
export { openAt as sessionOpenAt, revokeAllOfUser, sessionColumns } from './session.repository';
export {
  type AuthUser,
  createSessionService,
  hashSecret,
  newToken,
  type SessionService,
  sessionIdOf,
} from './session.service';
