import { randomBytes } from 'node:crypto';
import type { TwoFactorDisable, TwoFactorEnable, TwoFactorSetup, TwoFactorStatus } from '@edgeward/contract';
import type { Executor } from '../../db/connect';
import { AppError, fieldError } from '../../http/errors';
import { base32Encode } from '../../secrets/base32';
import type { SecretBox } from '../../secrets/secret-box';
import { matchTotp, otpauthQrCode, otpauthUri } from '../../secrets/totp';
import type { AuthUser } from '../session';
import type { AccountDeps } from './account.deps';
import { passwordWrong } from './account.errors';
import * as accountRepo from './account.repository';
import { isRecoveryCode, newRecoveryCodes, recoveryCodeHash } from './recovery-codes';
import { refuseSimulation } from './simulation.guard';
import * as repo from './two-factor.repository';

const issuer = 'Edgeward';
const secretContext = (userId: number) => `totp:user:${userId}`;
const codeInvalid = () => fieldError('code', 'errors.TWO_FACTOR_CODE_INVALID');

/**
 * Two-factor sign-in with TOTP (RFC 6238): set up with a QR code, turned on by a first code, which also hands out
 * the recovery codes; turned off with the password and a code. The seed is sealed (codes are computed from it),
 * recovery codes are hashed. Every accepted code moves the user's last step, so a code is good once.
 */
export function createTwoFactorService(deps: Pick<AccountDeps, 'db' | 'now' | 'passwords'> & { box: SecretBox }) {
  const { db, now, box } = deps;

  const secretOf = (userId: number, sealed: string) => Buffer.from(box.open(sealed, secretContext(userId)), 'base64');

  async function totpStep(tx: Executor, userId: number, code: string): Promise<boolean> {
    const row = await repo.findOfUser(tx, userId);
    if (!row?.enabledAt) return false;
    const step = matchTotp(secretOf(userId, row.secretSealed), code, now(), row.lastStep);
    return step !== null && (await repo.useStep(tx, userId, step));
  }

  /** Checks a second factor and uses it up: which kind it was, or null when it is wrong or used. */
  async function check(tx: Executor, userId: number, code: string): Promise<'totp' | 'recovery_code' | null> {
    if (isRecoveryCode(code)) {
      return (await repo.useRecoveryCode(tx, userId, recoveryCodeHash(code), now())) ? 'recovery_code' : null;
    }
    return (await totpStep(tx, userId, code)) ? 'totp' : null;
  }

  return {
    isEnabled: (userId: number) => repo.isEnabled(db, userId),

    check: (userId: number, code: string) => check(db, userId, code),

    async status(user: AuthUser): Promise<TwoFactorStatus> {
      const row = await repo.findOfUser(db, user.id);
      return {
        enabled: Boolean(row?.enabledAt),
        enabledAt: row?.enabledAt?.getTime() ?? null,
        recoveryCodesLeft: row?.enabledAt ? await repo.recoveryCodesLeft(db, user.id) : 0,
      };
    },

    async setup(user: AuthUser): Promise<TwoFactorSetup> {
      refuseSimulation(user);
      const seed = randomBytes(20);
      if (!(await repo.savePending(db, user.id, box.seal(seed.toString('base64'), secretContext(user.id)), now()))) {
        throw new AppError('TWO_FACTOR_ALREADY_ENABLED');
      }
      const secret = base32Encode(seed);
      const uri = otpauthUri(issuer, user.userName, secret);
      return { secret, otpauthUri: uri, qrCode: await otpauthQrCode(uri) };
    },

    async enable(user: AuthUser, input: TwoFactorEnable): Promise<{ recoveryCodes: string[] }> {
      refuseSimulation(user);
      const row = await repo.findOfUser(db, user.id);
      if (row?.enabledAt) throw new AppError('TWO_FACTOR_ALREADY_ENABLED');
      if (!row) throw codeInvalid();
      const step = matchTotp(secretOf(user.id, row.secretSealed), input.code, now(), row.lastStep);
      if (step === null) throw codeInvalid();
      const recoveryCodes = newRecoveryCodes();
      await db.transaction(async (tx) => {
        if (!(await repo.enable(tx, user.id, step, now()))) throw new AppError('TWO_FACTOR_ALREADY_ENABLED');
        await repo.replaceRecoveryCodes(tx, user.id, recoveryCodes.map(recoveryCodeHash));
      });
      return { recoveryCodes };
    },

    async disable(user: AuthUser, input: TwoFactorDisable): Promise<null> {
      refuseSimulation(user);
      if (!(await repo.isEnabled(db, user.id))) throw new AppError('TWO_FACTOR_NOT_ENABLED');
      if (!(await deps.passwords.verify(await accountRepo.findPasswordHash(db, user.id), input.password))) {
        throw passwordWrong('password');
      }
      // One transaction: a removal that fails gives the code (a recovery code above all) back.
      await db.transaction(async (tx) => {
        if (!(await check(tx, user.id, input.code))) throw codeInvalid();
        await repo.remove(tx, user.id);
      });
      return null;
    },
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
