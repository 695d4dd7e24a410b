import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, dbKinds } from '../../test/helpers';
import type { Database } from './connect';
import { passwordResetTokens, simulationTokens, users } from './schema';
import { closeTokensOfUser, consumeToken, findOpenToken, insertToken, latestTokenAt } from './token-table';

const minute = 60_000;

describe.each(dbKinds)('one-time token tables on %s', (kind) => {
  let database: Database;
  let alice: number;
  let bob: number;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const rows = await database.db
      .insert(users)
      .values([
        { userName: 'alice', email: 'alice@example.com', passwordHash: 'x' },
        { userName: 'bob', email: 'bob@example.com', passwordHash: 'x' },
      ])
      .returning({ id: users.id });
    [alice, bob] = rows.map((row) => row.id) as [number, number];
  });
  afterAll(() => database.close());

  describe.each([
    ['password reset', passwordResetTokens],
    ['simulation', simulationTokens],
  ] as const)('%s tokens', (name, table) => {
    const t0 = new Date('2025-03-01T00:00:00Z');
    const later = (ms: number) => new Date(t0.getTime() + ms);
    const issue = (tokenHash: string, userId: number, createdAt = t0) =>
      insertToken(database.db, table, {
        tokenHash,
        userId,
        createdAt,
        expiresAt: new Date(createdAt.getTime() + 30 * minute),
      });

    it('answers the user of an open token, once', async () => {
      await issue(`${name}-once`, alice);
      expect(await findOpenToken(database.db, table, `${name}-once`, later(minute))).toEqual({ userId: alice });
      expect(await consumeToken(database.db, table, `${name}-once`, later(minute))).toBe(alice);
      expect(await consumeToken(database.db, table, `${name}-once`, later(2 * minute))).toBeUndefined();
      expect(await findOpenToken(database.db, table, `${name}-once`, later(2 * minute))).toBeUndefined();
    });

    it('refuses an unknown or expired token', async () => {
      await issue(`${name}-late`, alice);
      expect(await consumeToken(database.db, table, `${name}-nope`, later(minute))).toBeUndefined();
      expect(await findOpenToken(database.db, table, `${name}-late`, later(30 * minute))).toBeUndefined();
      expect(await consumeToken(database.db, table, `${name}-late`, later(30 * minute))).toBeUndefined();
    });

    it("voids the user's other open tokens and no one else's", async () => {
      await issue(`${name}-a1`, alice);
      await issue(`${name}-a2`, alice);
      await issue(`${name}-b1`, bob);
      await closeTokensOfUser(database.db, table, alice, later(minute));
      expect(await consumeToken(database.db, table, `${name}-a1`, later(minute))).toBeUndefined();
      expect(await consumeToken(database.db, table, `${name}-a2`, later(minute))).toBeUndefined();
      expect(await consumeToken(database.db, table, `${name}-b1`, later(minute))).toBe(bob);
    });

    it("answers when the user's latest token was issued", async () => {
      expect(await latestTokenAt(database.db, table, bob)).toEqual(t0);
      await issue(`${name}-b2`, bob, later(5 * minute));
      expect(await latestTokenAt(database.db, table, bob)).toEqual(later(5 * minute));
    });
  });

  it('keeps the two kinds apart: a reset token is no simulation token', async () => {
    const at = new Date('2025-03-01T00:00:00Z');
    await insertToken(database.db, passwordResetTokens, {
      tokenHash: 'shared-hash',
      userId: alice,
      createdAt: at,
      expiresAt: new Date(at.getTime() + minute),
    });
    expect(await consumeToken(database.db, simulationTokens, 'shared-hash', at)).toBeUndefined();
    expect(await consumeToken(database.db, passwordResetTokens, 'shared-hash', at)).toBe(alice);
  });
});
