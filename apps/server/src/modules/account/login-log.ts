import { type LoginLogReason, limits, type PageQuery } from '@edgeward/contract';
import { addressKey } from '../../http/client-address';
import type { AuthUser } from '../session/session.service';
import type { AccountDeps } from './account.deps';
import { toLoginLogPage } from './account.presenter';
import * as repo from './account.repository';

/** Who is calling: the address and browser recorded in the login log and on sessions. */
export interface Client {
  ip: string;
  userAgent?: string;
}

export interface LoginAttempt {
  userName: string;
  userId?: number;
  result: 'success' | 'failure';
  reason: LoginLogReason;
}

/** Every login attempt, successful or not, as the user reads it in the security settings. */
export function createLoginLog(deps: Pick<AccountDeps, 'db' | 'now'>) {
  const { db, now } = deps;
  return {
    async record(client: Client, entry: LoginAttempt): Promise<void> {
      await repo.insertLoginLog(db, {
        userName: entry.userName.slice(0, limits.account.userNameMax * 2),
        userId: entry.userId ?? null,
        ip: client.ip,
        ipKey: addressKey(client.ip),
        userAgent: client.userAgent ?? null,
        result: entry.result,
        reason: entry.reason,
        createdAt: now(),
      });
    },

    async page(user: AuthUser, page: PageQuery) {
      const found = await repo.listLoginLog(db, {
        userId: user.id,
        userName: user.userName,
        limit: page.size,
        offset: (page.page - 1) * page.size,
      });
      return toLoginLogPage(page, found);
    },
  };
}

export type LoginLog = ReturnType<typeof createLoginLog>;
