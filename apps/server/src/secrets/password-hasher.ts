import { randomBytes } from 'node:crypto';
import { argon2id, hash, verify } from 'argon2';

/** argon2id's work factors (ARGON2_MEMORY_KIB, ARGON2_TIME_COST, ARGON2_PARALLELISM). */
export interface PasswordHashCost {
  memoryKib: number;
  timeCost: number;
  parallelism: number;
}

/** The argon2 package's defaults: 64 MiB, 3 passes, 4 lanes. */
export const defaultPasswordHashCost: PasswordHashCost = { memoryKib: 65_536, timeCost: 3, parallelism: 4 };

/** OWASP's floor for argon2id (19 MiB, 2 passes); production refuses anything cheaper. */
export const minimumProductionCost: PasswordHashCost = { memoryKib: 19_456, timeCost: 2, parallelism: 1 };

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /**
   * Checks a password against the stored hash. Without a hash (no such user) a dummy hash is verified all the
   * same, so an unknown name costs as long as a wrong password and timing does not reveal which names exist.
   */
  verify(storedHash: string | undefined, password: string): Promise<boolean>;
}

/** Stored hashes carry their own parameters, so a cost change applies to new hashes and old ones keep verifying. */
export function createPasswordHasher(cost: PasswordHashCost): PasswordHasher {
  const options = {
    type: argon2id,
    memoryCost: cost.memoryKib,
    timeCost: cost.timeCost,
    parallelism: cost.parallelism,
  } as const;
  const hashPassword = (password: string) => hash(password, options);
  let dummyHash: Promise<string> | undefined;
  return {
    hash: hashPassword,
    async verify(storedHash, password) {
      dummyHash ??= hashPassword(randomBytes(16).toString('base64url'));
      const ok = await verify(storedHash ?? (await dummyHash), password).catch(() => false);
      return storedHash !== undefined && ok;
    },
  };
}
