import { eq } from 'drizzle-orm';
import type { Config } from '../config';
import type { Database } from '../db/connect';
import { encryptionCanary } from '../db/schema';
import { hasEncryptionKey, type SecretBox, secretBoxOf } from './secret-box';

const canaryText = 'edgeward encryption canary';
const canaryContext = 'encryption-canary';

/** The process cannot open what the installation has sealed: it must not start. */
export class EncryptionKeyMismatchError extends Error {}

const readCanary = async (database: Database) =>
  (await database.db.select().from(encryptionCanary).where(eq(encryptionCanary.id, 1)))[0]?.sealed;

const opens = (box: SecretBox, sealed: string) => {
  try {
    return box.open(sealed, canaryContext) === canaryText;
  } catch {
    return false;
  }
};

/**
 * Every process of an installation must seal and open with one key, or each answers 500 for the secrets the others
 * sealed (API keys, certificate keys, two-factor seeds). The first start seals a canary with its key; every later
 * start must open it. A process with neither ENCRYPTION_KEY nor a key in its data folder refuses rather than making
 * a key of its own once the database has a canary. Answers whether this start sealed the canary.
 */
export async function checkEncryptionKey(
  database: Database,
  config: Pick<Config, 'encryptionKey' | 'dataDir'>,
): Promise<'sealed' | 'opened'> {
  let sealed = await readCanary(database);
  let outcome: 'sealed' | 'opened' = 'opened';
  if (sealed === undefined) {
    const inserted = await database.db
      .insert(encryptionCanary)
      .values({ id: 1, sealed: secretBoxOf(config).seal(canaryText, canaryContext) })
      .onConflictDoNothing()
      .returning({ sealed: encryptionCanary.sealed });
    if (inserted[0]) outcome = 'sealed';
    // Another process starting at the same moment may have sealed it first, with its own key.
    sealed = inserted[0]?.sealed ?? (await readCanary(database))!;
  } else if (!hasEncryptionKey(config)) {
    throw new EncryptionKeyMismatchError(
      'ENCRYPTION_KEY is not set and this data folder holds no key, but the database holds secrets sealed with the ' +
        'installation\'s key: start every process with the same ENCRYPTION_KEY (docs/operations.md, "Several processes").',
    );
  }
  if (!opens(secretBoxOf(config), sealed)) {
    throw new EncryptionKeyMismatchError(
      'ENCRYPTION_KEY does not open the secrets this database holds: every process of one installation needs the same ' +
        'ENCRYPTION_KEY (docs/operations.md, "Several processes").',
    );
  }
  return outcome;
}
