import { type LoginLogReason, limits, type PageQuery } from '@edgeward/contract';
import { addressKey } from '../../http/client-address';
import { eventMessage, sendMessage } from '../message';
import type { AuthUser } from '../session';
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
const shortName = (userName: string) => userName.slice(0, limits.account.userNameMax * 2);

export function createLoginLog(deps: Pick<AccountDeps, 'db' | 'now' | 'metrics'>) {
  const { db, now } = deps;
  /** A failure is counted once it is decided, with its reason: an attempt put on record by begin() is not yet one. */
  const counted = (entry: LoginAttempt) => {
    if (entry.result === 'failure') deps.metrics.loginFailed(entry.reason);
  };
  const insert = (client: Client, entry: Omit<LoginAttempt, 'reason'> & { reason: LoginLogReason | null }) =>
    repo.insertLoginLog(db, {
      userName: shortName(entry.userName),
      userId: entry.userId ?? null,
      ip: client.ip,
      ipKey: addressKey(client.ip),
      userAgent: client.userAgent ?? null,
      result: entry.result,
      reason: entry.reason,
      createdAt: now(),
    });
  return {
    async record(client: Client, entry: LoginAttempt): Promise<void> {
      counted(entry);
      await insert(client, entry);
    },

    /**
     * Puts an attempt on record before it is decided, as a failure without a reason: attempts sent at once then
     * count each other (an attempt cut short stays a failure, which it is to the owner). The outcome replaces it;
     * drop() removes it when the attempt is to leave no entry.
     */
    async begin(client: Client, userName: string) {
      const id = await insert(client, { userName, result: 'failure', reason: null });
      return {
        id,
        settle: (entry: LoginAttempt) => {
          counted(entry);
          return repo.settleLoginLog(db, id, {
            userName: shortName(entry.userName),
            userId: entry.userId ?? null,
            result: entry.result,
            reason: entry.reason,
          });
        },
        drop: () => repo.deleteLoginLog(db, id),
      };
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
