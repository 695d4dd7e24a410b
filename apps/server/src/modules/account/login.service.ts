import {
  type Locale,
  type Login,
  type LoginResult,
  limits,
  type PageQuery,
  type SecondFactorLogin,
} from '@edgeward/contract';
import { simulationTokens } from '../../db/schema';
import { addressKey } from '../../http/client-address';
import { AppError } from '../../http/errors';
import { translate } from '../../http/i18n';
import { type AuthUser, hashSecret, newToken, sessionIdOf } from '../session';
import type { AccountDeps } from './account.deps';
import { captchaInvalid } from './account.errors';
import { accountPolicy } from './account.policy';
import { toSessionItem } from './account.presenter';
import * as repo from './account.repository';
import { type Client, createLoginLog } from './login-log';
import * as twoFactorRepo from './two-factor.repository';
import type { TwoFactorService } from './two-factor.service';

const a = limits.account;
const tf = limits.twoFactor;
const accountTries = { max: tf.accountFailures, windowMs: tf.accountFailureWindowMs };

/** The pause before answering a login attempt once the failures reach the captcha threshold: 250 ms doubling to 2 s. */
export function loginDelayMs(failures: number): number {
  if (failures < a.loginFailuresBeforeCaptcha) return 0;
  return Math.min(
    accountPolicy.loginDelayMaxMs,
    accountPolicy.loginDelayBaseMs * 2 ** (failures - a.loginFailuresBeforeCaptcha),
  );
}

export interface LoginDeps
  extends Pick<AccountDeps, 'db' | 'now' | 'sessions' | 'captcha' | 'passwords' | 'log' | 'mail' | 'metrics'> {
  twoFactor: TwoFactorService;
  /** How a slowed login attempt waits (a timer by default); tests pass a recorder. */
  sleep?: (ms: number) => Promise<void>;
}

/** Signing in (by password, or by an operator's simulation link), signing out, the open sessions and the login log. */
export function createLoginService(deps: LoginDeps) {
  const { db, now, sessions } = deps;
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const loginLog = createLoginLog(deps);

  /**
   * Failures by the name or by the address within the window, whichever is higher (both bring in the captcha),
   * attempts in flight included, the caller's own (excludeId) left out.
   */
  async function recentFailures(userName: string, client: Client, excludeId?: number): Promise<number> {
    const since = new Date(now().getTime() - a.loginFailureWindowMs);
    const counts = await repo.countRecentFailures(db, { userName, ipKey: addressKey(client.ip), since, excludeId });
    return Math.max(counts.byName, counts.byIp);
  }

  /** The second step refuses codes until the lock (or the window whose tries are taken) ends. */
  async function secondStepLocked(userId: number, at: Date): Promise<AppError> {
    const retryAt = await twoFactorRepo.accountRetryAt(db, userId, accountTries.windowMs);
    if (!retryAt) return new AppError('TWO_FACTOR_CHALLENGE_INVALID');
    const minutes = Math.max(1, Math.ceil((retryAt.getTime() - at.getTime()) / 60_000));
    return new AppError('TWO_FACTOR_LOCKED', { params: { minutes } });
  }

  /**
   * Whoever reached the limit knows the password, so the owner is told at once. A mail that cannot be sent does not
   * undo the lock or change the answer.
   */
  async function lockSecondStep(
    user: { id: number; userName: string; email: string },
    client: Client,
    at: Date,
    locale: Locale,
  ) {
    await twoFactorRepo.lockAccount(db, user.id, new Date(at.getTime() + tf.accountLockMs));
    const params = {
      userName: user.userName,
      failures: tf.accountFailures,
      window: tf.accountFailureWindowMs / 60_000,
      minutes: tf.accountLockMs / 60_000,
      ip: client.ip,
    };
    await deps.mail
      .send({
        to: user.email,
        subject: translate(locale, 'security.mail.twoFactorLocked.subject'),
        text: translate(locale, 'security.mail.twoFactorLocked.text', params),
      })
      .catch((error: unknown) => deps.log.error({ err: error }, 'could not mail a second-step lock'));
  }

  return {
    /**
     * Name and password. Once the name or the address has failed loginFailuresBeforeCaptcha times within
     * loginFailureWindowMs, a captcha is required and every attempt is slowed. Every attempt is logged, and on
     * record before the failures are counted: attempts sent at once count each other, so the one after the
     * threshold needs the captcha however they arrive. An account with two-factor sign-in gets a challenge for the
     * second step instead of a session, and its entry is dropped: a success here would reset the name's failure
     * count, which the second step's wrong codes must add to.
     */
    async login(input: Login, client: Client): Promise<LoginResult> {
      const userName = input.userName;
      const attempt = await loginLog.begin(client, userName);
      const failures = await recentFailures(userName, client, attempt.id);
      if (failures >= a.loginFailuresBeforeCaptcha) {
        await sleep(loginDelayMs(failures));
        if (!input.captchaId || !input.captchaCode) {
          await attempt.settle({ userName, result: 'failure', reason: 'captcha_required' });
          throw new AppError('CAPTCHA_REQUIRED', { fields: { captchaCode: 'errors.CAPTCHA_REQUIRED' } });
        }
        if (!(await deps.captcha.verify(input.captchaId, input.captchaCode))) {
          await attempt.settle({ userName, result: 'failure', reason: 'captcha_invalid' });
          throw captchaInvalid();
        }
      }
      const user = await repo.findUserByName(db, userName);
      if (!(await deps.passwords.verify(user?.passwordHash, input.password)) || !user) {
        await attempt.settle({
          userName: user?.userName ?? userName,
          userId: user?.id,
          result: 'failure',
          reason: user ? 'wrong_password' : 'unknown_user',
        });
        throw new AppError('LOGIN_FAILED');
      }
      // Said only to whoever knows the password: to others a disabled account fails like any wrong password.
      if (user.disabledAt) {
        await attempt.settle({
          userName: user.userName,
          userId: user.id,
          result: 'failure',
          reason: 'account_disabled',
        });
        throw new AppError('ACCOUNT_DISABLED');
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
        await attempt.drop();
        return { secondFactor: { challenge, expiresAt: expiresAt.getTime() } };
      }
      const { token } = await sessions.open(user.id, { kind: 'login', ...client });
      await loginLog.alertNewAddress(client, user.id);
      await attempt.settle({
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
     * limits.twoFactor.challengeAttempts tries within its few minutes, then the password is asked again. Across
     * challenges the account takes accountFailures wrong codes per window: each try is taken before its code is
     * checked, so parallel requests cannot check more, and the wrong code that reaches the limit locks the step.
     */
    async secondFactor(input: SecondFactorLogin, client: Client, locale: Locale) {
      const at = now();
      const challenge = await twoFactorRepo.takeChallengeTry(
        db,
        hashSecret(input.challenge),
        at,
        limits.twoFactor.challengeAttempts,
      );
      const user = challenge && (await repo.findProfile(db, challenge.userId));
      if (!challenge || !user) throw new AppError('TWO_FACTOR_CHALLENGE_INVALID');
      const tries = await twoFactorRepo.takeAccountTry(db, user.id, at, accountTries);
      if (tries === undefined) throw await secondStepLocked(user.id, at);
      await sleep(loginDelayMs(await recentFailures(user.userName, client)));
      const method = await deps.twoFactor.check(user.id, input.code);
      if (!method) {
        await loginLog.record(client, {
          userName: user.userName,
          userId: user.id,
          result: 'failure',
          reason: 'wrong_second_factor',
        });
        if (tries >= accountTries.max) {
          await lockSecondStep(user, client, at, locale);
          throw await secondStepLocked(user.id, at);
        }
        if (challenge.attempts >= limits.twoFactor.challengeAttempts) {
          throw new AppError('TWO_FACTOR_CHALLENGE_INVALID');
        }
        throw new AppError('TWO_FACTOR_CODE_INVALID', { fields: { code: 'errors.TWO_FACTOR_CODE_INVALID' } });
      }
      if (!(await twoFactorRepo.closeChallenge(db, challenge.id, at))) {
        throw new AppError('TWO_FACTOR_CHALLENGE_INVALID');
      }
      await twoFactorRepo.clearAccountTries(db, user.id);
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
