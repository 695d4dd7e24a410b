import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArrivalOrder, type PgliteClient, takingTurns } from './pglite-turns';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('PGlite taking turns', () => {
  let pglite: PGlite;
  let client: PgliteClient;

  beforeAll(async () => {
    pglite = new PGlite();
    await pglite.waitReady;
    client = takingTurns(pglite);
  });
  afterAll(() => pglite.close());

  it('lets the event loop run between queued statements', async () => {
    const order: string[] = [];
    const statements = Array.from({ length: 20 }, (_, i) =>
      client.query('SELECT pg_sleep(0.001)').then(() => order.push(`statement ${i}`)),
    );
    setTimeout(() => order.push('timer'), 0);
    await Promise.all(statements);
    // Run back to back, all 20 statements would finish before the timer got its turn.
    expect(order.slice(0, 10)).toContain('timer');
  });

  it('runs a statement of an earlier arrival before one queued earlier by a later arrival', async () => {
    const order: string[] = [];
    const earlierReady = deferred();
    const laterReady = deferred();
    const earlier = inArrivalOrder(async () => {
      await earlierReady.promise;
      await client.query('SELECT 1');
      order.push('earlier');
    });
    const later = inArrivalOrder(async () => {
      await laterReady.promise;
      await client.query('SELECT 1');
      order.push('later');
    });
    const hold = deferred();
    const holding = client.transaction(() => hold.promise);
    await new Promise((resolve) => setImmediate(resolve));
    laterReady.resolve();
    await new Promise((resolve) => setImmediate(resolve));
    earlierReady.resolve();
    await new Promise((resolve) => setImmediate(resolve));
    hold.resolve();
    await Promise.all([holding, earlier, later]);
    expect(order).toEqual(['earlier', 'later']);
  });

  it('keeps a transaction to itself: others wait for its commit, its own statements still run', async () => {
    await client.exec('CREATE TABLE turns_t (n int)');
    const inside = deferred();
    const asked = deferred();
    const tx = client.transaction(async (t) => {
      await t.query('INSERT INTO turns_t VALUES (1)');
      inside.resolve();
      // The transaction goes on only once the statement from outside is asked for, which must wait for its end.
      await asked.promise;
      await t.query('INSERT INTO turns_t VALUES (2)');
    });
    await inside.promise;
    const seen = client.query<{ count: number }>('SELECT count(*)::int AS count FROM turns_t');
    asked.resolve();
    await tx;
    expect((await seen).rows[0]!.count).toBe(2);
  });
});
