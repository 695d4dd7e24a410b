import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './connect';
import * as schema from './schema';

/**
 * The shape of a table as far as code relies on it: columns with type and nullability, unique keys (what
 * `onConflict` targets), foreign keys with their delete rule, and value lists enforced by CHECK constraints (the
 * drizzle column's `enum`). Read once from a migrated database and once from the drizzle schema; tests compare them.
 */
export interface TableShape {
  columns: Record<string, { type: string; notNull: boolean }>;
  uniqueKeys: string[];
  foreignKeys: string[];
  enums: Record<string, string[]>;
}

const normalizeType = (type: string) =>
  type
    .replace(/^bigserial$/, 'bigint')
    .replace(/^serial$/, 'integer')
    .replace(/\s+\(/g, '(')
    .toLowerCase();

export function drizzleShapes(): Record<string, TableShape> {
  const shapes: Record<string, TableShape> = {};
  for (const table of Object.values(schema) as PgTable[]) {
    const config = getTableConfig(table);
    const columns: TableShape['columns'] = {};
    const enums: TableShape['enums'] = {};
    const uniqueKeys = new Set<string>();
    for (const column of config.columns) {
      columns[column.name] = { type: normalizeType(column.getSQLType()), notNull: column.notNull };
      if (column.enumValues?.length) enums[column.name] = [...column.enumValues].sort();
      if (column.isUnique) uniqueKeys.add(column.name);
    }
    for (const index of config.indexes) {
      if (!index.config.unique) continue;
      const columns = index.config.columns.map((c) => ('name' in c ? c.name : String(c))).join(',');
      uniqueKeys.add(index.config.where ? `${columns} (partial)` : columns);
    }
    for (const unique of config.uniqueConstraints) uniqueKeys.add(unique.columns.map((c) => c.name).join(','));
    const foreignKeys = config.foreignKeys.map((fk) => {
      const ref = fk.reference();
      const target = getTableConfig(ref.foreignTable).name;
      return `${ref.columns.map((c) => c.name).join(',')} -> ${target}(${ref.foreignColumns.map((c) => c.name).join(',')}) on delete ${fk.onDelete ?? 'no action'}`;
    });
    shapes[config.name] = { columns, uniqueKeys: [...uniqueKeys].sort(), foreignKeys: foreignKeys.sort(), enums };
  }
  return shapes;
}

const deleteRules: Record<string, string> = {
  a: 'no action',
  r: 'restrict',
  c: 'cascade',
  n: 'set null',
  d: 'set default',
};

export async function databaseShapes(database: Database): Promise<Record<string, TableShape>> {
  return database.scriptTransaction(async (tx) => {
    const shapes: Record<string, TableShape> = {};
    const tables = await tx.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_class c
        WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind = 'r' AND c.relname <> 'schema_migrations'`,
    );
    for (const { name } of tables) {
      const columns: TableShape['columns'] = {};
      const columnRows = await tx.query<{ name: string; type: string; notNull: boolean }>(
        `SELECT attname AS name, format_type(atttypid, atttypmod) AS type, attnotnull AS "notNull"
           FROM pg_attribute WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped`,
        [name],
      );
      for (const column of columnRows) columns[column.name] = { type: column.type, notNull: column.notNull };
      const uniqueRows = await tx.query<{ cols: string }>(
        `SELECT string_agg(a.attname, ',' ORDER BY k.ord)
                || CASE WHEN bool_or(i.indpred IS NOT NULL) THEN ' (partial)' ELSE '' END AS cols
           FROM pg_index i
           CROSS JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, ord)
           JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum
          WHERE i.indrelid = $1::regclass AND i.indisunique AND NOT i.indisprimary
          GROUP BY i.indexrelid`,
        [name],
      );
      const fkRows = await tx.query<{ cols: string; target: string; targetCols: string; rule: string }>(
        `SELECT (SELECT string_agg(attname, ',' ORDER BY array_position(c.conkey, attnum)) FROM pg_attribute
                  WHERE attrelid = c.conrelid AND attnum = ANY (c.conkey)) AS cols,
                c.confrelid::regclass::text AS target,
                (SELECT string_agg(attname, ',' ORDER BY array_position(c.confkey, attnum)) FROM pg_attribute
                  WHERE attrelid = c.confrelid AND attnum = ANY (c.confkey)) AS "targetCols",
                c.confdeltype AS rule
           FROM pg_constraint c WHERE c.conrelid = $1::regclass AND c.contype = 'f'`,
        [name],
      );
      const checkRows = await tx.query<{ def: string }>(
        `SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conrelid = $1::regclass AND contype = 'c'`,
        [name],
      );
      const enums: TableShape['enums'] = {};
      for (const { def } of checkRows) {
        const match = /^CHECK \(\((\w+) = ANY \(ARRAY\[(.*)\]\)\)\)$/.exec(def);
        if (match) enums[match[1]!] = [...match[2]!.matchAll(/'([^']*)'::text/g)].map((m) => m[1]!).sort();
      }
      shapes[name] = {
        columns,
        uniqueKeys: uniqueRows.map((r) => r.cols).sort(),
        foreignKeys: fkRows
          .map(
            (fk) =>
              `${fk.cols} -> ${fk.target.replace(/^.*\./, '')}(${fk.targetCols}) on delete ${deleteRules[fk.rule]}`,
          )
          .sort(),
        enums,
      };
    }
    return shapes;
  });
}
