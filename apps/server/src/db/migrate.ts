import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './connect';

const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export function migrationFiles(dir = migrationsDir): string[] {
  return fs
    .readdirSync(dir)
    .filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f))
    .sort();
}

/**
 * Applies the numbered SQL files (NNNN_name.sql) not yet recorded. Each file runs whole, as the database reads it
 * (plpgsql bodies, `;` anywhere), in one transaction with its record in schema_migrations: a file that fails leaves
 * nothing behind and is tried again at the next start. An advisory lock keeps two instances starting together on
 * one PostgreSQL from applying the same file twice.
 */
export async function migrate(database: Database, dir = migrationsDir): Promise<string[]> {
  await database.scriptTransaction((tx) =>
    tx.exec(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    ),
  );
  const applied: string[] = [];
  for (const file of migrationFiles(dir)) {
    const done = await database.scriptTransaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock(7263001)');
      const [recorded] = await tx.query('SELECT 1 FROM schema_migrations WHERE name = $1', [file]);
      if (recorded) return false;
      await tx.exec(fs.readFileSync(path.join(dir, file), 'utf8'));
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
      return true;
    });
    if (done) applied.push(file);
  }
  return applied;
}

/** The result of db.execute differs by driver: node-postgres returns { rows }, PGlite too; both are read here. */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
