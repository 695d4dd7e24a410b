import { randomInt } from 'node:crypto';
import { limits, type StaffCreate, type StaffMember, type StaffReason, type StaffRole } from '@edgeward/contract';
import type { Db, Executor } from '../../db/connect';
import { isUniqueViolation } from '../../http/db-errors';
import { AppError, notFound } from '../../http/errors';
import { recordStaffAction, type StaffActor } from '../../lib/staff-audit';
import type { PasswordHasher } from '../../secrets/password-hasher';
import * as repo from './staff.repository';

export interface StaffMembersDeps {
  db: Db;
  now: () => Date;
  passwords: PasswordHasher;
}

// No characters that read alike (0/O, 1/l/I): the password is read off a screen and typed once.
const passwordAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

function generateStaffPassword(): string {
  let password = '';
  for (let i = 0; i < limits.staff.generatedPasswordLength; i++) {
    password += passwordAlphabet[randomInt(passwordAlphabet.length)];
  }
  return password;
}

function toMember(row: repo.StaffRow): StaffMember {
  return {
    id: row.id,
    userName: row.userName,
    role: row.role,
    disabled: row.disabledAt !== null,
    twoFactorEnabled: row.totpSecretSealed !== null,
    createdAt: row.createdAt.getTime(),
    lastSignInAt: row.lastSignInAt?.getTime() ?? null,
    lastSignInIp: row.lastSignInIp,
  };
}

/**
 * Staff management: add, change role, disable and enable, reset two-factor. The console (admin role) and the
 * operator's command line call the same functions. Every change and its audit row go in one transaction. The last
 * enabled admin can be neither disabled nor demoted, and nobody does either to themselves.
 */
export function createStaffMembersService(deps: StaffMembersDeps) {
  const { db, now, passwords } = deps;

  function refuseSelf(actor: StaffActor, id: number): void {
    if (actor.kind === 'staff' && actor.staffId === id) throw new AppError('STAFF_SELF');
  }

  /** Runs `change` on the member with the admins locked, refusing a change that would leave no enabled admin. */
  async function changeMember(
    id: number,
    change: (tx: Executor, member: repo.StaffRow) => Promise<{ removesAdmin: boolean }>,
  ): Promise<null> {
    await db.transaction(async (tx) => {
      const admins = await repo.lockEnabledAdmins(tx);
      const member = await repo.findById(tx, id);
      if (!member) throw notFound();
      const { removesAdmin } = await change(tx, member);
      if (removesAdmin && admins.includes(id) && admins.length <= 1) throw new AppError('STAFF_LAST_ADMIN');
    });
    return null;
  }

  const audit = (
    tx: Executor,
    actor: StaffActor,
    member: repo.StaffRow,
    record: Omit<Parameters<typeof recordStaffAction>[2], 'targetType' | 'targetId' | 'targetName'>,
  ) =>
    recordStaffAction(
      tx,
      actor,
      { ...record, targetType: 'staff', targetId: member.id, targetName: member.userName },
      now(),
    );

  return {
    async list(): Promise<StaffMember[]> {
      return (await repo.list(db)).map(toMember);
    },

    /** Adds a member with a generated password, answered once; they set two-factor up at their first sign-in. */
    async create(
      actor: StaffActor,
      input: StaffCreate,
      options: { twoFactorExempt?: boolean; password?: string } = {},
    ) {
      const password = options.password ?? generateStaffPassword();
      const passwordHash = await passwords.hash(password);
      try {
        const id = await db.transaction(async (tx) => {
          const at = now();
          const newId = await repo.insert(tx, {
            userName: input.userName,
            passwordHash,
            role: input.role,
            twoFactorExempt: options.twoFactorExempt ?? false,
            createdAt: at,
          });
          await recordStaffAction(
            tx,
            actor,
            {
              action: 'staff.create',
              targetType: 'staff',
              targetId: newId,
              targetName: input.userName,
              after: { role: input.role },
            },
            at,
          );
          return newId;
        });
        return { id, password };
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw new AppError('STAFF_NAME_TAKEN', { fields: { userName: 'errors.STAFF_NAME_TAKEN' } });
        }
        throw error;
      }
    },

    changeRole(actor: StaffActor, id: number, role: StaffRole): Promise<null> {
      refuseSelf(actor, id);
      return changeMember(id, async (tx, member) => {
        if (member.role === role) return { removesAdmin: false };
        await repo.update(tx, id, { role });
        await audit(tx, actor, member, {
          action: 'staff.changeRole',
          before: { role: member.role },
          after: { role },
        });
        return { removesAdmin: member.role === 'admin' };
      });
    },

    /** Disables a member: their sessions end at once and they cannot sign in until enabled. */
    disable(actor: StaffActor, id: number, input: StaffReason): Promise<null> {
      refuseSelf(actor, id);
      return changeMember(id, async (tx, member) => {
        if (member.disabledAt) return { removesAdmin: false };
        await repo.update(tx, id, { disabledAt: now() });
        await repo.revokeSessionsOf(tx, id, now());
        await audit(tx, actor, member, {
          action: 'staff.disable',
          before: { disabled: false },
          after: { disabled: true },
          reason: input.reason,
        });
        return { removesAdmin: true };
      });
    },

    enable(actor: StaffActor, id: number): Promise<null> {
      return changeMember(id, async (tx, member) => {
        if (!member.disabledAt) return { removesAdmin: false };
        await repo.update(tx, id, { disabledAt: null, failures: 0, failuresSince: null, lockedUntil: null });
        await audit(tx, actor, member, {
          action: 'staff.enable',
          before: { disabled: true },
          after: { disabled: false },
        });
        return { removesAdmin: false };
      });
    },

    /** Forgets the member's seed and ends their sessions: they set two-factor up again at their next sign-in. */
    resetTwoFactor(actor: StaffActor, id: number, input: StaffReason): Promise<null> {
      refuseSelf(actor, id);
      return changeMember(id, async (tx, member) => {
        await repo.update(tx, id, { totpSecretSealed: null, totpLastStep: 0 });
        await repo.revokeSessionsOf(tx, id, now());
        await audit(tx, actor, member, {
          action: 'staff.resetTwoFactor',
          before: { twoFactorEnabled: member.totpSecretSealed !== null },
          after: { twoFactorEnabled: false },
          reason: input.reason,
        });
        return { removesAdmin: false };
      });
    },
  };
}
