import fs from 'node:fs/promises';
import path from 'node:path';
import { desc, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/connect';
import { mailOutbox } from '../../db/schema';
import type { Mail, MailProvider } from './mail';

/**
 * The sandbox mail provider: keeps each mail in the mail_outbox table instead of delivering it, and, when the data
 * directory is on disk, also as <dir>/<epoch ms>-<id>.json ({to, subject, text, createdAt}), names sorting by age.
 * The files can be read while the server runs on PGlite, which admits one process only (e2e tests read codes and
 * links there). The log names the recipient and subject only, since the text carries codes and reset links.
 */
export function createOutboxMail(deps: {
  db: Executor;
  log: Pick<FastifyBaseLogger, 'info'>;
  now: () => Date;
  dir?: string;
}): MailProvider {
  return {
    kind: 'outbox',
    async send(mail: Mail) {
      const createdAt = deps.now();
      const [row] = await deps.db
        .insert(mailOutbox)
        .values({ recipient: mail.to, subject: mail.subject, text: mail.text, createdAt })
        .returning({ id: mailOutbox.id });
      if (deps.dir) {
        await fs.mkdir(deps.dir, { recursive: true });
        const file = path.join(deps.dir, `${createdAt.getTime()}-${String(row!.id).padStart(12, '0')}.json`);
        await fs.writeFile(file, JSON.stringify({ ...mail, createdAt: createdAt.toISOString() }, null, 2));
      }
      deps.log.info(
        { to: mail.to, subject: mail.subject },
        `mail kept in the sandbox outbox; read it with: npm run ops -- mail last ${mail.to}`,
      );
    },
  };
}

/** The newest outbox mail to an address (case-insensitive), for the operator CLI and tests. */
export async function lastOutboxMail(db: Executor, to: string) {
  const [row] = await db
    .select()
    .from(mailOutbox)
    .where(sql`lower(${mailOutbox.recipient}) = lower(${to})`)
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  return row;
}
