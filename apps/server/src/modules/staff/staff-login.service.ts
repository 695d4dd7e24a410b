import { randomBytes } from 'node:crypto';
import {
  limits,
  type StaffLogin,
  type StaffLoginResult,
  type StaffMe,
  type StaffSecondFactor,
  staffRoleCapabilities,
} from '@edgeward/contract';
import type { Db } from '../../db/connect';
import { AppError, fieldError } from '../../http/errors';
import { recordStaffAction } from '../../lib/staff-audit';
import { base32Encode } from '../../secrets/base32';
import type { PasswordHasher } from '../../secrets/password-hasher';
import type { SecretBox } from '../../secrets/secret-box';
import { matchTotp, otpauthQrCode, otpauthUri } from '../../secrets/totp';
import { hashSecret, newToken } from '../session';
import * as repo from './staff.repository';
import { openStaffSession, type StaffUser } from './staff-session.service';

export interface StaffClient {
  ip: string;
  userAgent?: string;
}

export interface StaffLoginDeps {
  db: Db;
  now: () => Date;
  passwords: PasswordHasher;
  box: SecretBox;
  /** The demo installation (loopback only): its admin may sign in without two-factor. */
  demo: boolean;
}

const s = limits.staff;
const failurePolicy = { max: s.loginFailures, windowMs: s.loginFailureWindowMs, lockMs: s.lockMs };
const issuer = 'Edgeward operator console';
const secretContext = (staffId: number) => `totp:staff:${staffId}`;
const codeInvalid = () => fieldError('code', 'errors.TWO_FACTOR_CODE_INVALID');

function lockedError(lockedUntil: Date, at: Date): AppError {
  const minutes = Math.max(1, Math.ceil((lockedUntil.getTime() - at.getTime()) / 60_000));
  return new AppError('STAFF_LOCKED', { params: { minutes } });
}

/**
 * The staff sign-in: the password, then a TOTP code. Two-factor sign-in is required: a member without it set up gets
 * a new seed with the challenge, and the first right code stores the seed and signs in. Wrong passwords and codes
 * count together toward a lock of the name (limits.staff), whoever sends them.
 */
export function createStaffLoginService(deps: StaffLoginDeps) {
  const { db, now, box } = deps;

  async function signIn(member: repo.StaffRow, client: StaffClient, at: Date): Promise<{ token: string }> {
    const token = await db.transaction(async (tx) => {
      await repo.update(tx, member.id, {
        failures: 0,
        failuresSince: null,
        lockedUntil: null,
        lastSignInAt: at,
        lastSignInIp: client.ip,
      });
      await recordStaffAction(
        tx,
        { kind: 'staff', staffId: member.id, staffName: member.userName, address: client.ip },
        { action: 'staff.signIn', targetType: 'staff', targetId: member.id, targetName: member.userName },
        at,
      );
      return openStaffSession(tx, member.id, client, at);
    });
    return { token };
  }

  async function newChallenge(member: repo.StaffRow, at: Date, secretSealed?: string) {
    const challenge = newToken();
    const expiresAt = new Date(at.getTime() + limits.twoFactor.challengeTtlMs);
    await repo.insertChallenge(db, {
      staffId: member.id,
      tokenHash: hashSecret(challenge),
      purpose: secretSealed ? 'setup' : 'verify',
      secretSealed: secretSealed ?? null,
      expiresAt,
    });
    return { challenge, expiresAt: expiresAt.getTime() };
  }

  return {
    async login(input: StaffLogin, client: StaffClient): Promise<StaffLoginResult> {
      const at = now();
      const member = await repo.findByName(db, input.userName);
      if (member?.lockedUntil && member.lockedUntil > at) throw lockedError(member.lockedUntil, at);
      const passwordRight = await deps.passwords.verify(member?.passwordHash, input.password);
      if (!member || !passwordRight) {
        if (member) await repo.addFailure(db, member.id, at, failurePolicy);
        throw new AppError('LOGIN_FAILED');
      }
      // A disabled member learns no more than a wrong password tells.
      if (member.disabledAt) throw new AppError('LOGIN_FAILED');
      if (member.twoFactorExempt && deps.demo) return signIn(member, client, at);
      if (member.totpSecretSealed) return { secondFactor: await newChallenge(member, at) };
      const seed = randomBytes(20);
      const secret = base32Encode(seed);
      const uri = otpauthUri(issuer, member.userName, secret);
      const sealed = box.seal(seed.toString('base64'), secretContext(member.id));
      const challenge = await newChallenge(member, at, sealed);
      return { twoFactorSetup: { ...challenge, secret, otpauthUri: uri, qrCode: await otpauthQrCode(uri) } };
    },

    async secondFactor(input: StaffSecondFactor, client: StaffClient): Promise<{ token: string }> {
      const at = now();
      const challenge = await repo.takeChallengeTry(
        db,
        hashSecret(input.challenge),
        at,
        limits.twoFactor.challengeAttempts,
      );
      const member = challenge && (await repo.findById(db, challenge.staffId));
      if (!challenge || !member || member.disabledAt) throw new AppError('TWO_FACTOR_CHALLENGE_INVALID');
      if (member.lockedUntil && member.lockedUntil > at) throw lockedError(member.lockedUntil, at);
      const sealed = challenge.purpose === 'setup' ? challenge.secretSealed : member.totpSecretSealed;
      if (!sealed) throw new AppError('TWO_FACTOR_CHALLENGE_INVALID');
      const seed = Buffer.from(box.open(sealed, secretContext(member.id)), 'base64');
      const lastStep = challenge.purpose === 'setup' ? 0 : member.totpLastStep;
      const step = matchTotp(seed, input.code, at, lastStep);
      if (step === null) {
        await repo.addFailure(db, member.id, at, failurePolicy);
        throw codeInvalid();
      }
      const stored =
        challenge.purpose === 'setup'
          ? await repo.saveSecret(db, member.id, sealed, step)
          : await repo.useStep(db, member.id, step);
      if (!stored) throw codeInvalid();
      if (!(await repo.closeChallenge(db, challenge.id, at))) throw new AppError('TWO_FACTOR_CHALLENGE_INVALID');
      return signIn(member, client, at);
    },

    async logout(member: StaffUser, address: string): Promise<null> {
      await db.transaction(async (tx) => {
        await repo.revokeSession(tx, member.sessionId, now());
        await recordStaffAction(
          tx,
          { kind: 'staff', staffId: member.id, staffName: member.userName, address },
          { action: 'staff.signOut', targetType: 'staff', targetId: member.id, targetName: member.userName },
          now(),
        );
      });
      return null;
    },

    me(member: StaffUser): StaffMe {
      return {
        id: member.id,
        userName: member.userName,
        role: member.role,
        capabilities: [...staffRoleCapabilities[member.role]],
        twoFactorExempt: member.twoFactorExempt && deps.demo,
        sessionExpiresAt: member.sessionExpiresAt.getTime(),
      };
    },
  };
}
