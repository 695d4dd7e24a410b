import { type LoginLogReason, limits, type PageQuery } from '@edgeward/contract';
import { addressKey } from '../../http/client-address';
import { eventMessage, sendMessage } from '../message/message.service';
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

    /**
     * Before a successful sign-in is recorded: tells the user in the message centre when it comes from an address
     * (its budget key: an IPv6 /64) none of their earlier sign-ins came from. The very first sign-in says nothing.
     */
    async alertNewAddress(client: Client, userId: number): Promise<void> {
      const history = await repo.signInHistory(db, userId, addressKey(client.ip));
      if (!history.any || history.fromHere) return;
      await sendMessage(db, userId, eventMessage('security', 'signIn.newAddress', { ip: client.ip }), now());
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
