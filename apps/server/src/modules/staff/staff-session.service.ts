import { limits, type StaffRole } from '@edgeward/contract';
import type { Db, Executor } from '../../db/connect';
import { hashSecret, newToken } from '../session';
import * as repo from './staff.repository';

/** A signed-in staff member, as the staff routes see them (http/staff-auth.ts). */
export interface StaffUser {
  id: number;
  userName: string;
  role: StaffRole;
  twoFactorExempt: boolean;
  sessionId: number;
  sessionExpiresAt: Date;
}

const s = limits.staff;
/** last_seen_at is written at most once a minute, so reads do not turn into writes. */
const touchEveryMs = 60_000;

/** Opens a session in the caller's transaction (the sign-in's audit row goes with it); answers its token. */
export async function openStaffSession(
  db: Executor,
  staffId: number,
  client: { ip?: string; userAgent?: string },
  at: Date,
): Promise<string> {
  const token = newToken();
  await repo.insertSession(db, {
    staffId,
    tokenHash: hashSecret(token),
    ip: client.ip,
    userAgent: client.userAgent?.slice(0, 512),
    createdAt: at,
    lastSeenAt: at,
    expiresAt: new Date(at.getTime() + s.sessionAbsoluteMs),
  });
  return token;
}

/**
 * Staff sessions: their own table and tokens, so a customer's token is no staff session and a staff token is no
 * customer's. Short: idle for sessionIdleMs or older than sessionAbsoluteMs and they end.
 */
export function createStaffSessionService(db: Db, now: () => Date = () => new Date()) {
  return {
    async authenticate(token: string): Promise<StaffUser | null> {
      const row = await repo.findActiveSession(db, hashSecret(token));
      if (!row) return null;
      const at = now();
      const idleFor = at.getTime() - row.lastSeenAt.getTime();
      if (row.expiresAt <= at || idleFor > s.sessionIdleMs) {
        await repo.revokeSession(db, row.sessionId, at);
        return null;
      }
      if (idleFor > touchEveryMs) await repo.touchSession(db, row.sessionId, at);
      return {
        id: row.id,
        userName: row.userName,
        role: row.role,
        twoFactorExempt: row.twoFactorExempt,
        sessionId: row.sessionId,
        sessionExpiresAt: row.expiresAt,
      };
    },

    revoke: (sessionId: number) => repo.revokeSession(db, sessionId, now()),
  };
}

export type StaffSessionService = ReturnType<typeof createStaffSessionService>;
