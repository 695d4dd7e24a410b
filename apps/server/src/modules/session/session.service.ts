import { createHash, randomBytes } from 'node:crypto';
import { limits, type Role } from '@edgeward/contract';
import type { Db } from '../../db/connect';
import { AppError } from '../../http/errors';
import { signedInUserOf } from '../../lib/signed-in-user';
import * as sessionRepository from './session.repository';

/**
 * Who is calling: a console session (sessionId) or a call signed with an API key (apiKeyId), never both. The
 * operation log names whichever of the two made a change.
 */
export interface AuthUser {
  id: number;
  userName: string;
  email: string;
  avatar: string | null;
  cdnType: string;
  realNameVerified: boolean;
  roles: Role[];
  /** The console session, for session-authenticated calls only. */
  sessionId?: number;
  /** The session was opened through an operator's simulation link (sessions only). */
  simulated?: boolean;
  /** The API key that signed the call, for key-authenticated calls only. */
  apiKeyId?: number;
}

/** The caller's session; what only a session may do (routes with auth 'session') gets it here. */
export function sessionIdOf(user: AuthUser): number {
  if (user.sessionId === undefined) throw new AppError('SESSION_REQUIRED');
  return user.sessionId;
}

/** Secrets are stored only as hashes; a token is 256 random bits, so a fast hash is enough. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** last_seen_at is written at most once a minute per session, so reads do not turn into writes. */
const touchEveryMs = 60_000;

export function createSessionService(db: Db, now: () => Date = () => new Date()) {
  return {
    async open(userId: number, meta: { kind?: 'login' | 'simulation'; ip?: string; userAgent?: string }) {
      const token = newToken();
      const at = now();
      const sessionId = await sessionRepository.insert(db, {
        userId,
        tokenHash: hashSecret(token),
        kind: meta.kind ?? 'login',
        ip: meta.ip,
        userAgent: meta.userAgent?.slice(0, 512),
        createdAt: at,
        lastSeenAt: at,
        expiresAt: new Date(at.getTime() + limits.account.sessionAbsoluteMs),
      });
      return { token, sessionId };
    },

    /**
     * The user behind a token, or null when it is unknown, revoked, idle too long, past its absolute expiry, or its
     * account is disabled (disabling revokes the sessions too; this also stops one opened meanwhile).
     */
    async authenticate(token: string): Promise<AuthUser | null> {
      const row = await sessionRepository.findActiveByTokenHash(db, hashSecret(token));
      if (!row || row.disabledAt) return null;
      const at = now();
      const idleFor = at.getTime() - row.lastSeenAt.getTime();
      if (row.expiresAt <= at || idleFor > limits.account.sessionIdleMs) {
        await sessionRepository.revoke(db, row.sessionId);
        return null;
      }
      if (idleFor > touchEveryMs) await sessionRepository.touch(db, row.sessionId, at);
      return { ...signedInUserOf(row), sessionId: row.sessionId, simulated: row.sessionKind === 'simulation' };
    },

    revoke: (sessionId: number) => sessionRepository.revoke(db, sessionId),
    revokeAllOfUser: (userId: number, keepSessionId?: number) =>
      sessionRepository.revokeAllOfUser(db, userId, keepSessionId),
    listOpen: (userId: number) => sessionRepository.listOpenOfUser(db, userId, now()),
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
