import { type Login, type LoginResult, limits, type PageQuery, type SecondFactorLogin } from '@edgeward/contract';
import { simulationTokens } from '../../db/schema';
import { addressKey } from '../../http/client-address';
import { AppError } from '../../http/errors';
import { type AuthUser, hashSecret, newToken, sessionIdOf } from '../session/session.service';
import type { AccountDeps } from './account.deps';
import { captchaInvalid } from './account.errors';
import { accountPolicy } from './account.policy';
import { toSessionItem } from './account.presenter';
import * as repo from './account.repository';
import { type Client, createLoginLog } from './login-log';
import * as twoFactorRepo from './two-factor.repository';
import type { TwoFactorService } from './two-factor.service';

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
  twoFactor: TwoFactorService;
  /** How a slowed login attempt waits (a timer by default); tests pass a recorder. */
  sleep?: (ms: number) => Promise<void>;
}

/** Signing in (by password, or by an operator's simulation link), signing out, the open sessions and the login log. */
export function createLoginService(deps: LoginDeps) {
  const { db, now, sessions } = deps;
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const loginLog = createLoginLog(deps);

  /** Failures by the name or by the address within the window, whichever is higher (both bring in the captcha). */
  async function recentFailures(userName: string, client: Client): Promise<number> {
    const since = new Date(now().getTime() - a.loginFailureWindowMs);
    const counts = await repo.countRecentFailures(db, { userName, ipKey: addressKey(client.ip), since });
    return Math.max(counts.byName, counts.byIp);
  }

  return {
    /**
     * Name and password. Once the name or the address has failed loginFailuresBeforeCaptcha times within
     * loginFailureWindowMs, a captcha is required and every attempt is slowed. Every attempt is logged. An account
     * with two-factor sign-in gets a challenge for the second step instead of a session, and nothing is logged yet:
     * a success here would reset the name's failure count, which the second step's wrong codes must add to.
     */
    async login(input: Login, client: Client): Promise<LoginResult> {
      const userName = input.userName;
      const failures = await recentFailures(userName, client);
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
      if (await deps.twoFactor.isEnabled(user.id)) {
        const challenge = newToken();
        const at = now();
        const expiresAt = new Date(at.getTime() + limits.twoFactor.challengeTtlMs);
        await twoFactorRepo.insertChallenge(db, {
          tokenHash: hashSecret(challenge),
          userId: user.id,
          createdAt: at,
          expiresAt,
        });
        return { secondFactor: { challenge, expiresAt: expiresAt.getTime() } };
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
     * The second step: the challenge of the password step and a TOTP code or a recovery code. A wrong code is a
     * failed login (logged, counted toward the captcha and the slow-down like a wrong password); a challenge allows
     * limits.twoFactor.challengeAttempts tries within its few minutes, then the password is asked again.
     */
    async secondFactor(input: SecondFactorLogin, client: Client) {
      const at = now();
      const challenge = await twoFactorRepo.takeChallengeTry(
        db,
        hashSecret(input.challenge),
        at,
        limits.twoFactor.challengeAttempts,
      );
      const user = challenge && (await repo.findProfile(db, challenge.userId));
      if (!challenge || !user) throw new AppError('TWO_FACTOR_CHALLENGE_INVALID');
      await sleep(loginDelayMs(await recentFailures(user.userName, client)));
      const method = await deps.twoFactor.check(user.id, input.code);
      if (!method) {
        await loginLog.record(client, {
          userName: user.userName,
          userId: user.id,
          result: 'failure',
          reason: 'wrong_second_factor',
        });
        if (challenge.attempts >= limits.twoFactor.challengeAttempts) {
          throw new AppError('TWO_FACTOR_CHALLENGE_INVALID');
        }
        throw new AppError('TWO_FACTOR_CODE_INVALID', { fields: { code: 'errors.TWO_FACTOR_CODE_INVALID' } });
      }
      if (!(await twoFactorRepo.closeChallenge(db, challenge.id, at))) {
        throw new AppError('TWO_FACTOR_CHALLENGE_INVALID');
      }
      const { token } = await sessions.open(user.id, { kind: 'login', ...client });
      await loginLog.record(client, { userName: user.userName, userId: user.id, result: 'success', reason: method });
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
      await sessions.revoke(sessionIdOf(user));
      return null;
    },

    async listSessions(user: AuthUser) {
      const current = sessionIdOf(user);
      return (await sessions.listOpen(user.id)).map((s) => toSessionItem(s, current));
    },

    async revokeOtherSessions(user: AuthUser) {
      await sessions.revokeAllOfUser(user.id, sessionIdOf(user));
      return null;
    },

    loginLog: (user: AuthUser, page: PageQuery) => loginLog.page(user, page),
  };
}
