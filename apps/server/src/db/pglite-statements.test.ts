import { PGlite, types } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparedStatements } from './pglite-statements';

describe('PGlite statements prepared once', () => {
  let pglite: PGlite;
  let statements: ReturnType<typeof preparedStatements>;
  const prepared = async () =>
    (await pglite.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_prepared_statements')).rows[0]!.n;

  beforeAll(async () => {
    pglite = new PGlite({ parsers: { [types.INT8]: (value: string) => value } });
    await pglite.waitReady;
    await pglite.exec(`
      CREATE TABLE item (id bigserial PRIMARY KEY, name text UNIQUE NOT NULL, tags text[], doc jsonb,
                         seen timestamptz, body bytea, price numeric);
      INSERT INTO item (name, tags, doc, seen, body, price)
        VALUES ('a', '{x,y}', '{"k": [1, 2]}', '2026-11-29T08:00:00Z', '\\x0102', 12.5), ('b', NULL, NULL, NULL, NULL, NULL);`);
    statements = preparedStatements(pglite, { maxStatements: 3 });
  });
  afterAll(() => pglite.close());

  const asPglite = [
    ['SELECT * FROM item ORDER BY id', [], {}],
    ['SELECT * FROM item WHERE name = $1', ['a'], { rowMode: 'array' }],
    ['SELECT id, seen FROM item WHERE seen < $1', [new Date('2027-01-01T00:00:00Z')], {}],
    ['SELECT $1::jsonb AS doc, $2::text[] AS tags, $3::int AS n', [{ a: 1 }, ['p', 'q'], null], {}],
    ['SELECT name FROM item WHERE id = $1', [1], { parsers: { [types.TEXT]: (value: string) => value.toUpperCase() } }],
    ['UPDATE item SET price = price WHERE name = $1', ['a'], {}],
    ['SELECT $1::text IS NULL AS missing', [undefined], {}],
  ] as const;
  /** The name a text is prepared under, if it is. */
  const nameOf = async (text: string) =>
    (await pglite.query<{ name: string }>('SELECT name FROM pg_prepared_statements WHERE statement = $1', [text]))
      .rows[0]?.name;

  it.each(asPglite)('answers %s as PGlite’s own query does', async (text, params, options) => {
    const own = await pglite.query(text, [...params], options);
    expect(await statements.query(text, [...params], options)).toEqual(own);
  });

  it('parses a text once and runs it again without parsing', async () => {
    const text = 'SELECT name FROM item WHERE id = $1';
    const before = await prepared();
    await statements.query(text, [2]);
    const after = await prepared();
    expect((await statements.query(text, [1])).rows).toEqual([{ name: 'a' }]);
    expect((await statements.query(text, [2])).rows).toEqual([{ name: 'b' }]);
    expect(await prepared()).toBe(after);
    expect(after - before).toBeLessThanOrEqual(1);
  });

  it('keeps at most the given number of statements, closing the one used longest ago', async () => {
    for (let i = 0; i < 6; i++) await statements.query(`SELECT ${i} AS n`);
    expect(statements.size()).toBe(3);
    expect(await prepared()).toBe(3);
    expect((await statements.query('SELECT 5 AS n')).rows).toEqual([{ n: 5 }]);
    await statements.query('SELECT 3 AS n');
    await statements.query('SELECT 6 AS n');
    expect(await nameOf('SELECT 3 AS n')).toBeDefined();
    expect(await nameOf('SELECT 4 AS n')).toBeUndefined();
  });

  it('hands notices to the caller', async () => {
    const notices: string[] = [];
    await statements.query("DO $$ BEGIN RAISE NOTICE 'heard'; END $$", [], {
      onNotice: (notice) => notices.push(notice.message ?? ''),
    });
    expect(notices).toEqual(['heard']);
  });

  it('throws PGlite’s error, naming the query, and runs the next statement as usual', async () => {
    const text = 'INSERT INTO item (name) VALUES ($1)';
    const failed = await statements.query(text, ['a']).catch((error: unknown) => error);
    const own = await pglite.query(text, ['a']).catch((error: unknown) => error);
    expect((failed as Error).constructor).toBe((own as Error).constructor);
    expect(failed).toMatchObject({ code: '23505', constraint: 'item_name_key', query: text, params: ['a'] });
    const syntax = await statements.query('SELEC 1').catch((error: unknown) => error);
    expect(syntax).toMatchObject({ code: '42601' });
    expect((await statements.query(text, ['c'])).affectedRows).toBe(1);
    // Refused, the statement stays prepared as it was.
    const name = await nameOf(text);
    await statements.query(text, ['c']).catch(() => undefined);
    expect(await nameOf(text)).toBe(name);
  });

  it('takes part in the transaction it runs in', async () => {
    await pglite
      .transaction(async () => {
        await statements.query('INSERT INTO item (name) VALUES ($1)', ['rolled back']);
        expect((await statements.query('SELECT count(*) FROM item WHERE name = $1', ['rolled back'])).rows).toEqual([
          { count: '1' },
        ]);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect((await statements.query('SELECT count(*) FROM item WHERE name = $1', ['rolled back'])).rows).toEqual([
      { count: '0' },
    ]);
  });

  it('prepares a statement again when a schema change alters its columns', async () => {
    const text = 'SELECT * FROM item WHERE id = $1';
    expect(Object.keys((await statements.query<object>(text, [1])).rows[0]!)).not.toContain('extra');
    const before = await prepared();
    await pglite.exec("ALTER TABLE item ADD COLUMN extra text DEFAULT 'new'");
    expect((await statements.query<{ extra: string }>(text, [1])).rows[0]!.extra).toBe('new');
    // The stale statement is closed, not left behind.
    expect(await prepared()).toBe(before);

    // In a transaction the refusal has aborted it: the transaction fails, and the next run has the new columns.
    await pglite.exec('ALTER TABLE item DROP COLUMN extra');
    const inTransaction = await pglite.transaction(() => statements.query(text, [1])).catch((error: unknown) => error);
    expect(inTransaction).toMatchObject({ code: '0A000' });
    expect(Object.keys((await statements.query<object>(text, [1])).rows[0]!)).not.toContain('extra');
  });
});
