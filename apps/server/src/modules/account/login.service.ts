import { type Login, limits, type PageQuery } from '@edgeward/contract';
import { simulationTokens } from '../../db/schema';
import { addressKey } from '../../http/client-address';
import { AppError } from '../../http/errors';
import { type AuthUser, hashSecret } from '../session/session.service';
import type { AccountDeps } from './account.deps';
import { captchaInvalid } from './account.errors';
import { accountPolicy } from './account.policy';
import { toSessionItem } from './account.presenter';
import * as repo from './account.repository';
import { type Client, createLoginLog } from './login-log';

const a = limits.account;

/** The pause before answering a login attempt once the failures reach the captcha threshold: 250 ms doubling to 2 s. */
export function loginDelayMs(failures: number): number {
  if (failures < a.loginFailuresBeforeCaptcha) return 0;
  return Math.min(
    accountPolicy.loginDelayMaxMs,
    accountPolicy.loginDelayBaseMs * 2 ** (failures - a.loginFailuresBeforeCaptcha),
  );
}

export interface LoginDeps extends Pick<AccountDeps, 'db' | 'now' | 'sessions' | 'captcha' | 'passwords' | 'log'> {
  /** How a slowed login attempt waits (a timer by default); tests pass a recorder. */
  sleep?: (ms: number) => Promise<void>;
}

/** Signing in (by password, or by an operator's simulation link), signing out, the open sessions and the login log. */
export function createLoginService(deps: LoginDeps) {
  const { db, now, sessions } = deps;
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const loginLog = createLoginLog(deps);

  return {
    /**
     * Name and password. Once the name or the address has failed loginFailuresBeforeCaptcha times within
     * loginFailureWindowMs, a captcha is required and every attempt is slowed. Every attempt is logged.
     */
    async login(input: Login, client: Client) {
      const userName = input.userName;
      const since = new Date(now().getTime() - a.loginFailureWindowMs);
      const counts = await repo.countRecentFailures(db, { userName, ipKey: addressKey(client.ip), since });
      const failures = Math.max(counts.byName, counts.byIp);
      if (failures >= a.loginFailuresBeforeCaptcha) {
        await sleep(loginDelayMs(failures));
        if (!input.captchaId || !input.captchaCode) {
          await loginLog.record(client, { userName, result: 'failure', reason: 'captcha_required' });
          throw new AppError('CAPTCHA_REQUIRED', { fields: { captchaCode: 'errors.CAPTCHA_REQUIRED' } });
        }
        if (!(await deps.captcha.verify(input.captchaId, input.captchaCode))) {
          await loginLog.record(client, { userName, result: 'failure', reason: 'captcha_invalid' });
          throw captchaInvalid();
        }
      }
      const user = await repo.findUserByName(db, userName);
      if (!(await deps.passwords.verify(user?.passwordHash, input.password)) || !user) {
        await loginLog.record(client, {
          userName: user?.userName ?? userName,
          userId: user?.id,
          result: 'failure',
          reason: user ? 'wrong_password' : 'unknown_user',
        });
        throw new AppError('LOGIN_FAILED');
      }
      const { token } = await sessions.open(user.id, { kind: 'login', ...client });
      await loginLog.alertNewAddress(client, user.id);
      await loginLog.record(client, {
        userName: user.userName,
        userId: user.id,
        result: 'success',
        reason: 'password',
      });
      return { token };
    },

    /**
     * The answer to a login over its address's budget (the contract's accountRateLimits.login), logged under the
     * name tried. The log write does not hold the answer back: a flood should cost as little as possible.
     */
    loginRateLimited(userName: string, client: Client): AppError {
      void loginLog.record(client, { userName, result: 'failure', reason: 'rate_limited' }).catch((error: unknown) => {
        deps.log.error({ err: error }, 'could not log a rate-limited login');
      });
      return new AppError('LOGIN_TOO_MANY_ATTEMPTS');
    },

    async simulate(token: string, client: Client) {
      const userId = await repo.consumeToken(db, simulationTokens, hashSecret(token), now());
      const user = userId === undefined ? undefined : await repo.findProfile(db, userId);
      if (!user) throw new AppError('SIMULATION_TOKEN_INVALID');
      const session = await sessions.open(user.id, { kind: 'simulation', ...client });
      await loginLog.record(client, {
        userName: user.userName,
        userId: user.id,
        result: 'success',
        reason: 'simulation',
      });
      return { token: session.token };
    },

    async logout(user: AuthUser) {
      await sessions.revoke(user.sessionId);
      return null;
    },

    async listSessions(user: AuthUser) {
      return (await sessions.listOpen(user.id)).map((s) => toSessionItem(s, user.sessionId));
    },

    async revokeOtherSessions(user: AuthUser) {
      await sessions.revokeAllOfUser(user.id, user.sessionId);
      return null;
    },

    loginLog: (user: AuthUser, page: PageQuery) => loginLog.page(user, page),
  };
}
