import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Database } from './connect';

const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Applies the numbered SQL files (NNNN_name.sql) not yet recorded, each in its own transaction. An advisory lock
 * keeps two instances starting together on one PostgreSQL from applying the same file twice.
 */
export async function migrate(database: Database): Promise<string[]> {
  const files = fs
    .readdirSync(migrationsDir)
    .filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f))
    .sort();
  await database.execScript(
    'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const applied: string[] = [];
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(7263001)`);
    const rows = await tx.execute(sql`SELECT name FROM schema_migrations`);
    const done = new Set(rowsOf<{ name: string }>(rows).map((r) => r.name));
    for (const file of files) {
      if (done.has(file)) continue;
      const text = fs.readFileSync(path.join(migrationsDir, file), 'utf8');
      for (const statement of splitStatements(text)) {
        await tx.execute(sql.raw(statement));
      }
      await tx.execute(sql`INSERT INTO schema_migrations (name) VALUES (${file})`);
      applied.push(file);
    }
  });
  return applied;
}

/** The result of db.execute differs by driver: node-postgres returns { rows }, PGlite too; both are read here. */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/** Statements end with `;` at the end of a line; migrations keep `;` inside a statement off line ends. */
function splitStatements(text: string): string[] {
  return text
    .split(/;\s*$/m)
    .map((s) => s.trim())
    .filter((s) => s.length > 0 && !/^(--[^\n]*\n?)+$/.test(s));
}
