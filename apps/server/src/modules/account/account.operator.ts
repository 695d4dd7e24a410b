import { randomBytes } from 'node:crypto';
import {
  type Action,
  actions as allActions,
  defaultCustomerPermissions,
  limits,
  type PermissionId,
} from '@edgeward/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor } from '../../db/connect';
import { simulationTokens } from '../../db/schema';
import { AppError } from '../../http/errors';
import { operatorActor } from '../../lib/actor';
import type { PasswordHasher } from '../../secrets/password-hasher';
import { recordOperation } from '../operation-log';
import { hashSecret, newToken } from '../session';
import { mapTaken, refuseTaken } from './account.errors';
import * as repo from './account.repository';

/** What the operator command line and the server's start-up do to accounts, outside any HTTP request. */

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
  refuseTaken(await repo.findTaken(db, input));
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

/** Creates the demo account when it is missing; its id when it was created now, null when it was there. */
export async function ensureDemoAccount(
  db: Db,
  passwords: PasswordHasher,
  log: Pick<FastifyBaseLogger, 'info'>,
): Promise<number | null> {
  if (await repo.findUserByName(db, demoAccount.userName)) return null;
  let userId: number;
  try {
    userId = await createUser(db, passwords, { ...demoAccount, realNameVerified: true });
  } catch (error) {
    // Another instance starting on the same database created it first.
    if (error instanceof AppError && (error.id === 'USERNAME_TAKEN' || error.id === 'EMAIL_TAKEN')) return null;
    throw error;
  }
  log.info(`Demo account: ${demoAccount.userName} / ${demoAccount.password}`);
  return userId;
}

/**
 * A second sample customer for the demo installation, whose real-name submission waits for the operator console's
 * reviewer. Nobody signs in as it: its password is random and never shown. Null when it exists already.
 */
export async function createSampleApplicant(db: Db, passwords: PasswordHasher): Promise<number | null> {
  const userName = 'demo-applicant';
  if (await repo.findUserByName(db, userName)) return null;
  return createUser(db, passwords, {
    userName,
    email: 'applicant@edgeward.local',
    password: randomBytes(24).toString('base64url'),
  });
}

export const listUsers = (db: Executor) => repo.listUsers(db);

/** The operator's change of a customer's permission list, shown in that customer's operation log. */
function recordPermissions(
  tx: Executor,
  user: { id: number; userName: string },
  permissionId: PermissionId,
  before: readonly string[] | null,
  after: readonly string[] | null,
) {
  return recordOperation(tx, {
    actor: operatorActor(user.id),
    action: 'account.permissions',
    target: { type: 'account', id: user.id, name: user.userName },
    before: { [permissionId]: before?.join(' ') },
    after: { [permissionId]: after?.join(' ') },
  });
}

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
    const found = await repo.findPermissionActions(tx, user.id, permissionId);
    const current = new Set(found ?? []);
    for (const action of actions.length ? actions : allActions) current.add(action);
    const next = allActions.filter((x) => current.has(x));
    await repo.upsertPermission(tx, user.id, permissionId, next);
    await recordPermissions(tx, user, permissionId, found ?? null, next);
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
    const current = await repo.findPermissionActions(tx, user.id, permissionId);
    if (actions.length === 0) {
      await repo.deletePermission(tx, user.id, permissionId);
      if (current) await recordPermissions(tx, user, permissionId, current, null);
      return null;
    }
    if (!current) return null;
    const next = allActions.filter((x) => current.includes(x) && !actions.includes(x));
    await repo.upsertPermission(tx, user.id, permissionId, next);
    await recordPermissions(tx, user, permissionId, current, next);
    return next;
  });
}

/**
 * Sets a permission to exactly this action list (an empty list takes it away), for the operator console; in the
 * customer's operation log as done by the operator, and `onDone` (the console's audit row) in the same transaction.
 */
export async function setPermission(
  db: Db,
  user: { id: number; userName: string },
  permissionId: PermissionId,
  actions: readonly Action[],
  onDone: (tx: Executor, before: readonly string[] | null) => Promise<void>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const current = (await repo.findPermissionActions(tx, user.id, permissionId)) ?? null;
    const next = allActions.filter((x) => actions.includes(x));
    if (next.length === 0) await repo.deletePermission(tx, user.id, permissionId);
    else await repo.upsertPermission(tx, user.id, permissionId, next);
    await recordPermissions(tx, user, permissionId, current, next.length ? next : null);
    await onDone(tx, current);
  });
}

/**
 * A one-time login link for an operator acting as the user (spec: simulated login by token), by name (the command
 * line) or by id (the console). Answers undefined when there is no such user.
 */
export async function issueSimulationToken(
  db: Executor,
  ref: string | { id: number },
  now: Date = new Date(),
): Promise<{ token: string; expiresAt: Date } | undefined> {
  const user = typeof ref === 'string' ? await repo.findUserByName(db, ref) : ref;
  if (!user) return undefined;
  const token = newToken();
  const expiresAt = new Date(now.getTime() + limits.account.simulationTokenTtlMs);
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
