import { randomInt, timingSafeEqual } from 'node:crypto';
import {
  type Action,
  actions as allActions,
  defaultCustomerPermissions,
  type EmailChangeCodeRequest,
  type EmailCodeRequest,
  type ForgotPassword,
  type Locale,
  type Login,
  type LoginLogReason,
  limits,
  type PageQuery,
  type PasswordEdit,
  type PermissionId,
  type Profile,
  type ProfileEdit,
  type Register,
  type ResetPassword,
  type Role,
} from '@edgeward/contract';
import type { FastifyBaseLogger } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import type { Config } from '../../config';
import type { Db, Executor } from '../../db/connect';
import { passwordResetTokens, simulationTokens } from '../../db/schema';
import { AppError, fieldError } from '../../http/errors';
import { translate } from '../../http/i18n';
import type { CaptchaProvider } from '../../providers/captcha';
import type { Mail, MailProvider } from '../../providers/mail';
import * as sessionRepository from '../session/session.repository';
import { type AuthUser, hashSecret, newToken, type SessionService } from '../session/session.service';
import * as repo from './account.repository';
import { type AvatarExt, type AvatarStore, avatarTypes, avatarUrlPrefix } from './avatar.store';
import type { PasswordHasher } from './password-hasher';

const a = limits.account;

/**
 * Server policy the spec leaves open: code attempts, the login slow-down and reset links per address (the per-address
 * call budgets are the contract's accountRateLimits).
 */
export const accountPolicy = {
  emailCodeMaxAttempts: 5,
  loginDelayBaseMs: 250,
  loginDelayMaxMs: 2000,
  /** Reset links one address is mailed per window: enough to retry, too few to flood a mailbox. */
  resetLinksPerAddress: { windowMs: 60 * 60_000, max: 3 },
} as const;

/** Who is calling: the address and browser recorded in the login log and on sessions. */
export interface Client {
  ip: string;
  userAgent?: string;
}

/** The pause before answering a login attempt once the failures reach the captcha threshold: 250 ms doubling to 2 s. */
export function loginDelayMs(failures: number): number {
  if (failures < a.loginFailuresBeforeCaptcha) return 0;
  return Math.min(
    accountPolicy.loginDelayMaxMs,
    accountPolicy.loginDelayBaseMs * 2 ** (failures - a.loginFailuresBeforeCaptcha),
  );
}

// ---- errors naming the form field they belong to

const usernameTaken = () => new AppError('USERNAME_TAKEN', { fields: { userName: 'errors.USERNAME_TAKEN' } });
const emailTaken = () => new AppError('EMAIL_TAKEN', { fields: { email: 'errors.EMAIL_TAKEN' } });
const captchaInvalid = () => new AppError('CAPTCHA_INVALID', { fields: { captchaCode: 'errors.CAPTCHA_INVALID' } });
const emailCodeInvalid = () =>
  new AppError('EMAIL_CODE_INVALID', { fields: { emailCode: 'errors.EMAIL_CODE_INVALID' } });
const passwordWrong = (field: string) =>
  new AppError('PASSWORD_WRONG', { fields: { [field]: 'errors.PASSWORD_WRONG' } });

/**
 * The purpose of a code that confirms a new email: bound to the user who asked, so that a code only ever moves that
 * user's account to the address it was sent to.
 */
const emailChangePurpose = (userId: number) => `change_email:${userId}`;

/** A unique-index violation on users (a registration or rename racing another) becomes the field's error. */
function takenError(error: unknown): AppError | undefined {
  for (let e = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: string; constraint?: string };
    if (code === '23505' && constraint === 'users_user_name_key') return usernameTaken();
    if (code === '23505' && constraint === 'users_email_key') return emailTaken();
  }
  return undefined;
}

async function mapTaken<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throw takenError(error) ?? error;
  }
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

// ---- users (registration, demo account and the operator CLI share these)

export interface NewUser {
  userName: string;
  email: string;
  phone?: string | null;
  password: string;
  realNameVerified?: boolean;
}

/** Creates a user with the default customer permissions, in one transaction. */
export async function createUser(
  db: Db,
  passwords: PasswordHasher,
  input: NewUser,
  now: Date = new Date(),
): Promise<number> {
  const taken = await repo.findTaken(db, input);
  if (taken.userName) throw usernameTaken();
  if (taken.email) throw emailTaken();
  const passwordHash = await passwords.hash(input.password);
  return mapTaken(
    db.transaction(async (tx) => {
      const userId = await repo.insertUser(tx, {
        userName: input.userName,
        email: input.email,
        phone: input.phone ?? null,
        passwordHash,
        realNameVerified: input.realNameVerified ?? false,
        createdAt: now,
      });
      await repo.insertPermissions(tx, userId, defaultCustomerPermissions);
      return userId;
    }),
  );
}

export const demoAccount = {
  userName: 'demo',
  password: 'demo123456',
  email: 'demo@edgeward.local',
  phone: '13800000000',
} as const;

/** Creates the demo account when it is missing; true when it was created now. */
export async function ensureDemoAccount(
  db: Db,
  passwords: PasswordHasher,
  log: Pick<FastifyBaseLogger, 'info'>,
): Promise<boolean> {
  if (await repo.findUserByName(db, demoAccount.userName)) return false;
  try {
    await createUser(db, passwords, { ...demoAccount, realNameVerified: true });
  } catch (error) {
    // Another instance starting on the same database created it first.
    if (error instanceof AppError && (error.id === 'USERNAME_TAKEN' || error.id === 'EMAIL_TAKEN')) return false;
    throw error;
  }
  log.info(`Demo account: ${demoAccount.userName} / ${demoAccount.password}`);
  return true;
}

export const listUsers = (db: Executor) => repo.listUsers(db);

/** false when there is no such user. */
export const setRealNameVerified = (db: Executor, userName: string, verified: boolean, now: Date = new Date()) =>
  repo.setRealNameVerified(db, userName, verified, now);

/**
 * Adds actions of a permission (all of them when none are named). Answers the resulting action list, or undefined
 * when there is no such user.
 */
export async function grantPermission(
  db: Db,
  userName: string,
  permissionId: PermissionId,
  actions: readonly Action[] = [],
): Promise<Action[] | undefined> {
  const user = await repo.findUserByName(db, userName);
  if (!user) return undefined;
  return db.transaction(async (tx) => {
    const current = new Set((await repo.findPermissionActions(tx, user.id, permissionId)) ?? []);
    for (const action of actions.length ? actions : allActions) current.add(action);
    const next = allActions.filter((x) => current.has(x));
    await repo.upsertPermission(tx, user.id, permissionId, next);
    return next;
  });
}

/**
 * Takes actions away from a permission, or the whole permission when none are named. Answers the remaining action
 * list (null when the permission is gone), or undefined when there is no such user.
 */
export async function revokePermission(
  db: Db,
  userName: string,
  permissionId: PermissionId,
  actions: readonly Action[] = [],
): Promise<Action[] | null | undefined> {
  const user = await repo.findUserByName(db, userName);
  if (!user) return undefined;
  return db.transaction(async (tx) => {
    if (actions.length === 0) {
      await repo.deletePermission(tx, user.id, permissionId);
      return null;
    }
    const current = await repo.findPermissionActions(tx, user.id, permissionId);
    if (!current) return null;
    const next = allActions.filter((x) => current.includes(x) && !actions.includes(x));
    await repo.upsertPermission(tx, user.id, permissionId, next);
    return next;
  });
}

/**
 * A one-time login link for an operator acting as the user (spec: simulated login by token). Answers undefined when
 * there is no such user.
 */
export async function issueSimulationToken(
  db: Executor,
  userName: string,
  now: Date = new Date(),
): Promise<{ token: string; expiresAt: Date } | undefined> {
  const user = await repo.findUserByName(db, userName);
  if (!user) return undefined;
  const token = newToken();
  const expiresAt = new Date(now.getTime() + a.simulationTokenTtlMs);
  await repo.insertToken(db, simulationTokens, {
    tokenHash: hashSecret(token),
    userId: user.id,
    createdAt: now,
    expiresAt,
  });
  return { token, expiresAt };
}

/** Captchas, codes and tokens expired for a day are deleted; they can never answer again. */
export const purgeExpiredSecrets = (db: Executor, now: Date = new Date()) =>
  repo.purgeExpired(db, new Date(now.getTime() - 24 * 60 * 60_000));

function toProfile(row: repo.ProfileRow, roles: Role[]): Profile {
  return { ...row, roles, createdAt: row.createdAt.getTime() };
}

// ---- the HTTP flows

export interface AccountServiceDeps {
  db: Db;
  config: Pick<Config, 'fixedCode' | 'publicUrl'>;
  now: () => Date;
  sessions: SessionService;
  mail: MailProvider;
  captcha: CaptchaProvider;
  passwords: PasswordHasher;
  avatars: AvatarStore;
  log: FastifyBaseLogger;
  /** How a slowed login attempt waits (a timer by default); tests pass a recorder. */
  sleep?: (ms: number) => Promise<void>;
}

export function createAccountService(deps: AccountServiceDeps) {
  const { db, now, sessions } = deps;
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const clockMs = () => now().getTime();
  async function requireCaptcha(captchaId: string, captchaCode: string, email?: string): Promise<void> {
    if (!(await deps.captcha.verify(captchaId, captchaCode, email))) throw captchaInvalid();
  }

  /** The open code for the address and purpose if `code` fits it; a wrong code counts against the code's attempts. */
  async function checkEmailCode(email: string, purpose: string, code: string): Promise<number> {
    const row = await repo.findOpenEmailCode(db, {
      email: email.toLowerCase(),
      purpose,
      now: now(),
      maxAttempts: accountPolicy.emailCodeMaxAttempts,
    });
    if (!row) throw emailCodeInvalid();
    const fixed = deps.config.fixedCode;
    if ((fixed !== undefined && code === fixed) || sameHash(row.codeHash, hashSecret(code))) return row.id;
    await repo.countEmailCodeAttempt(db, row.id);
    throw emailCodeInvalid();
  }

  /**
   * An operator's simulated session acts for the customer but may not change the credentials: the email (where
   * password resets go) and the password.
   */
  async function refuseSimulation(user: AuthUser): Promise<void> {
    if ((await repo.findSessionKind(db, user.sessionId)) === 'simulation') throw new AppError('SIMULATION_NOT_ALLOWED');
  }

  /** Stores a new code for the address (at most one per resend interval) and mails it; a failed mail undoes it. */
  async function issueEmailCode(email: string, purpose: string, mail: (code: string) => Mail) {
    const code = String(randomInt(0, 10 ** a.emailCodeLength)).padStart(a.emailCodeLength, '0');
    const at = now();
    const codeId = await db.transaction(async (tx) => {
      await repo.lockEmail(tx, email);
      const last = await repo.latestEmailCodeAt(tx, email);
      if (last && at.getTime() - last.getTime() < a.emailCodeResendMs) return undefined;
      await repo.closeEmailCodes(tx, email, purpose, at);
      return repo.insertEmailCode(tx, {
        email,
        purpose,
        codeHash: hashSecret(code),
        createdAt: at,
        expiresAt: new Date(at.getTime() + a.emailCodeTtlMs),
      });
    });
    if (codeId === undefined) throw new AppError('CODE_SEND_TOO_OFTEN');
    try {
      await deps.mail.send(mail(code));
    } catch (error) {
      // An undelivered code must not hold back the next request for the resend interval.
      await repo.deleteEmailCode(db, codeId);
      throw error;
    }
    return { resendAfterMs: a.emailCodeResendMs };
  }

  async function profileOf(user: AuthUser): Promise<Profile> {
    const row = await repo.findProfile(db, user.id);
    if (!row) throw new AppError('UNAUTHORIZED');
    return toProfile(row, user.roles);
  }

  async function recordLogin(
    client: Client,
    entry: { userName: string; userId?: number; result: 'success' | 'failure'; reason: LoginLogReason },
  ) {
    await repo.insertLoginLog(db, {
      userName: entry.userName.slice(0, a.userNameMax * 2),
      userId: entry.userId ?? null,
      ip: client.ip,
      userAgent: client.userAgent ?? null,
      result: entry.result,
      reason: entry.reason,
      createdAt: now(),
    });
  }

  async function sendResetLink(user: { id: number; email: string }, locale: Locale): Promise<void> {
    const at = now();
    const last = await repo.latestTokenAt(db, passwordResetTokens, user.id);
    // One link per resend interval and a few per window; the caller's answer is the same either way.
    if (last && at.getTime() - last.getTime() < a.emailCodeResendMs) return;
    const budget = accountPolicy.resetLinksPerAddress;
    const since = new Date(at.getTime() - budget.windowMs);
    if ((await repo.countTokensSince(db, passwordResetTokens, user.id, since)) >= budget.max) return;
    const token = newToken();
    await repo.insertToken(db, passwordResetTokens, {
      tokenHash: hashSecret(token),
      userId: user.id,
      createdAt: at,
      expiresAt: new Date(at.getTime() + a.resetTokenTtlMs),
    });
    // Absolute: the link is opened from a mailbox, not from the console.
    const link = `${deps.config.publicUrl}/user/reset-password?token=${encodeURIComponent(token)}`;
    await deps.mail.send({
      to: user.email,
      subject: translate(locale, 'account.mail.reset.subject'),
      text: translate(locale, 'account.mail.reset.text', { link, minutes: a.resetTokenTtlMs / 60_000 }),
    });
  }

  return {
    async newCaptcha() {
      return deps.captcha.create();
    },

    async sendEmailCode(input: EmailCodeRequest, locale: Locale) {
      const email = input.email.toLowerCase();
      // The person types one captcha per registration: this binds it to the address instead of using it up.
      if (!(await deps.captcha.bindToEmail(input.captchaId, input.captchaCode, email))) throw captchaInvalid();
      // Codes serve registration only (EmailCodeRequestSchema.purpose), so a registered address has no use for one.
      if (await repo.findUserByEmail(db, email)) throw emailTaken();
      return issueEmailCode(email, input.purpose, (code) => ({
        to: input.email,
        subject: translate(locale, 'account.mail.code.subject'),
        text: translate(locale, 'account.mail.code.text', { code, minutes: a.emailCodeTtlMs / 60_000 }),
      }));
    },

    /** The code that confirms a new email, sent to that address. */
    async sendEmailChangeCode(user: AuthUser, input: EmailChangeCodeRequest, locale: Locale) {
      await refuseSimulation(user);
      const email = input.email.toLowerCase();
      if (email === user.email.toLowerCase()) {
        throw new AppError('VALIDATION_FAILED', {
          fields: { email: 'account.email.unchanged' },
          messageKey: 'account.email.unchanged',
        });
      }
      if (await repo.findUserByEmail(db, email)) throw emailTaken();
      return issueEmailCode(email, emailChangePurpose(user.id), (code) => ({
        to: input.email,
        subject: translate(locale, 'account.mail.emailChange.subject'),
        text: translate(locale, 'account.mail.emailChange.text', {
          code,
          userName: user.userName,
          minutes: a.emailCodeTtlMs / 60_000,
        }),
      }));
    },

    async register(input: Register) {
      await requireCaptcha(input.captchaId, input.captchaCode, input.email.toLowerCase());
      const taken = await repo.findTaken(db, input);
      if (taken.userName) throw usernameTaken();
      if (taken.email) throw emailTaken();
      const codeId = await checkEmailCode(input.email, 'register', input.emailCode);
      const passwordHash = await deps.passwords.hash(input.password);
      const at = now();
      await mapTaken(
        db.transaction(async (tx) => {
          if (!(await repo.consumeEmailCode(tx, codeId, at))) throw emailCodeInvalid();
          const userId = await repo.insertUser(tx, {
            userName: input.userName,
            email: input.email,
            phone: input.phone,
            passwordHash,
            realNameVerified: false,
            createdAt: at,
          });
          await repo.insertPermissions(tx, userId, defaultCustomerPermissions);
        }),
      );
      return { userName: input.userName, email: input.email };
    },

    /**
     * Name and password. Once the name or the address has failed loginFailuresBeforeCaptcha times within
     * loginFailureWindowMs, a captcha is required and every attempt is slowed. Every attempt is logged.
     */
    async login(input: Login, client: Client) {
      const userName = input.userName;
      const since = new Date(clockMs() - a.loginFailureWindowMs);
      const counts = await repo.countRecentFailures(db, { userName, ip: client.ip, since });
      const failures = Math.max(counts.byName, counts.byIp);
      if (failures >= a.loginFailuresBeforeCaptcha) {
        await sleep(loginDelayMs(failures));
        if (!input.captchaId || !input.captchaCode) {
          await recordLogin(client, { userName, result: 'failure', reason: 'captcha_required' });
          throw new AppError('CAPTCHA_REQUIRED', { fields: { captchaCode: 'errors.CAPTCHA_REQUIRED' } });
        }
        if (!(await deps.captcha.verify(input.captchaId, input.captchaCode))) {
          await recordLogin(client, { userName, result: 'failure', reason: 'captcha_invalid' });
          throw captchaInvalid();
        }
      }
      const user = await repo.findUserByName(db, userName);
      if (!(await deps.passwords.verify(user?.passwordHash, input.password)) || !user) {
        await recordLogin(client, {
          userName: user?.userName ?? userName,
          userId: user?.id,
          result: 'failure',
          reason: user ? 'wrong_password' : 'unknown_user',
        });
        throw new AppError('LOGIN_FAILED');
      }
      const { token } = await sessions.open(user.id, { kind: 'login', ...client });
      await recordLogin(client, { userName: user.userName, userId: user.id, result: 'success', reason: 'password' });
      return { token };
    },

    /**
     * The answer to a login over its address's budget (the contract's accountRateLimits.login), logged under the
     * name tried. The log write does not hold the answer back: a flood should cost as little as possible.
     */
    loginRateLimited(userName: string, client: Client): AppError {
      void recordLogin(client, { userName, result: 'failure', reason: 'rate_limited' }).catch((error: unknown) => {
        deps.log.error({ err: error }, 'could not log a rate-limited login');
      });
      return new AppError('LOGIN_TOO_MANY_ATTEMPTS');
    },

    async logout(user: AuthUser) {
      await sessions.revoke(user.sessionId);
      return null;
    },

    profile: profileOf,

    async editProfile(user: AuthUser, input: ProfileEdit) {
      const taken = await repo.findTaken(db, input, user.id);
      if (taken.userName) throw usernameTaken();
      if (taken.email) throw emailTaken();
      const current = await repo.findProfile(db, user.id);
      if (!current) throw new AppError('UNAUTHORIZED');
      const emailChanges = current.email.toLowerCase() !== input.email.toLowerCase();
      let codeId: number | undefined;
      if (emailChanges) {
        await refuseSimulation(user);
        if (!input.currentPassword) throw fieldError('currentPassword', 'validation.required');
        if (!input.emailCode) throw fieldError('emailCode', 'account.emailCode.required');
        if (!(await deps.passwords.verify(await repo.findPasswordHash(db, user.id), input.currentPassword))) {
          throw passwordWrong('currentPassword');
        }
        codeId = await checkEmailCode(input.email, emailChangePurpose(user.id), input.emailCode);
      }
      const values = { userName: input.userName, email: input.email, updatedAt: now() };
      await mapTaken(
        db.transaction(async (tx) => {
          if (codeId !== undefined && !(await repo.consumeEmailCode(tx, codeId, values.updatedAt))) {
            throw emailCodeInvalid();
          }
          await repo.updateProfile(tx, user.id, values);
        }),
      );
      return profileOf(user);
    },

    /** Keeps the session that made the change signed in and signs out every other one. */
    async editPassword(user: AuthUser, input: PasswordEdit) {
      await refuseSimulation(user);
      const stored = await repo.findPasswordHash(db, user.id);
      if (!(await deps.passwords.verify(stored, input.oldPassword))) throw passwordWrong('oldPassword');
      const passwordHash = await deps.passwords.hash(input.newPassword);
      await db.transaction(async (tx) => {
        await repo.updatePasswordHash(tx, user.id, passwordHash, now());
        await sessionRepository.revokeAllOfUser(tx, user.id, user.sessionId);
      });
      return null;
    },

    /** Accepts the image by its content, never by the name or type the browser claims. */
    async saveAvatar(user: AuthUser, data: Buffer) {
      const detected = await fileTypeFromBuffer(data);
      const ext = detected?.ext as AvatarExt | undefined;
      if (!ext || !Object.hasOwn(avatarTypes, ext)) {
        throw new AppError('AVATAR_INVALID', { fields: { avatar: 'errors.AVATAR_INVALID' } });
      }
      const file = await deps.avatars.save(data, ext);
      const previous = await repo.replaceAvatar(db, user.id, `${avatarUrlPrefix}${file}`, now());
      if (previous?.startsWith(avatarUrlPrefix)) {
        await deps.avatars.remove(previous.slice(avatarUrlPrefix.length)).catch((error: unknown) => {
          deps.log.warn({ err: error }, 'could not remove a replaced avatar');
        });
      }
      return profileOf(user);
    },

    readAvatar: (file: string) => deps.avatars.read(file),

    async simulate(token: string, client: Client) {
      const userId = await repo.consumeToken(db, simulationTokens, hashSecret(token), now());
      const user = userId === undefined ? undefined : await repo.findProfile(db, userId);
      if (!user) throw new AppError('SIMULATION_TOKEN_INVALID');
      const session = await sessions.open(user.id, { kind: 'simulation', ...client });
      await recordLogin(client, { userName: user.userName, userId: user.id, result: 'success', reason: 'simulation' });
      return { token: session.token };
    },

    /**
     * Always answers the same, whether or not the address has an account. The link is sent in the background so
     * that the answer's timing does not tell either.
     */
    async forgotPassword(input: ForgotPassword, locale: Locale) {
      await requireCaptcha(input.captchaId, input.captchaCode);
      const user = await repo.findUserByEmail(db, input.email);
      if (user) {
        void sendResetLink(user, locale).catch((error: unknown) => {
          deps.log.error({ err: error }, 'password reset mail failed');
        });
      }
      return null;
    },

    /** Sets the password, uses the link up and signs the user out everywhere. */
    async resetPassword(input: ResetPassword) {
      const tokenHash = hashSecret(input.token);
      // Checked before hashing, so that invalid links cost no argon2 work.
      if (!(await repo.findOpenToken(db, passwordResetTokens, tokenHash, now()))) {
        throw new AppError('RESET_TOKEN_INVALID');
      }
      const passwordHash = await deps.passwords.hash(input.password);
      await db.transaction(async (tx) => {
        const at = now();
        const userId = await repo.consumeToken(tx, passwordResetTokens, tokenHash, at);
        if (userId === undefined) throw new AppError('RESET_TOKEN_INVALID');
        await repo.updatePasswordHash(tx, userId, passwordHash, at);
        await repo.closeTokensOfUser(tx, passwordResetTokens, userId, at);
        await sessionRepository.revokeAllOfUser(tx, userId);
      });
      return null;
    },

    async listSessions(user: AuthUser) {
      const rows = await sessions.listOpen(user.id);
      return rows.map((s) => ({
        ...s,
        createdAt: s.createdAt.getTime(),
        lastSeenAt: s.lastSeenAt.getTime(),
        current: s.id === user.sessionId,
      }));
    },

    async revokeOtherSessions(user: AuthUser) {
      await sessions.revokeAllOfUser(user.id, user.sessionId);
      return null;
    },

    async loginLog(user: AuthUser, page: PageQuery) {
      const { rows, total } = await repo.listLoginLog(db, {
        userId: user.id,
        userName: user.userName,
        limit: page.size,
        offset: (page.page - 1) * page.size,
      });
      return {
        list: rows.map((r) => ({ ...r, createdAt: r.createdAt.getTime() })),
        total,
        page: page.page,
        size: page.size,
      };
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
