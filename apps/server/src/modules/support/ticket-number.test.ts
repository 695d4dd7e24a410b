import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSupportHarness, type SupportHarness } from '../../../test/fixtures/support';
import type { TestUser } from '../../../test/fixtures/users';
import { dbKinds, rerunMigration } from '../../../test/helpers';
import { rowsOf } from '../../db/migrate';
import { tickets } from '../../db/schema';

const ticket = {
  product: 'cdn' as const,
  urgency: 'impact' as const,
  title: 'Numbers',
  description: 'Which number is mine?',
};

describe.each(dbKinds)('ticket numbers on %s', (kind) => {
  let h: SupportHarness;
  let owner: TestUser;

  beforeAll(async () => {
    h = await createSupportHarness(kind);
    owner = await h.user();
  });
  afterAll(() => h.close());

  const day = () => h.ctx.clock.now.toISOString().slice(0, 10).replaceAll('-', '');
  const create = async () => {
    const res = await h.call(owner, 'POST', '/support/tickets', ticket);
    expect(res.statusCode, res.text).toBe(200);
    return res.body.data.ticketNo as string;
  };
  const setSequence = (value: number) => h.ctx.database.db.execute(sql`SELECT setval('ticket_numbers', ${value})`);

  it('numbers the tickets of one day TK, the day, then one serial after another, however many arrive at once', async () => {
    const numbers = await Promise.all(Array.from({ length: 300 }, create));
    const prefix = `TK${day()}`;
    for (const no of numbers) expect(no).toMatch(new RegExp(`^${prefix}\\d{6}$`));
    // Consecutive serials: random digits could repeat (and would not run on one after another).
    const serials = numbers.map((no) => Number(no.slice(prefix.length))).sort((a, b) => a - b);
    expect(serials).toEqual(serials.map((_, i) => serials[0]! + i));
  });

  it('grows past six digits instead of starting again', async () => {
    await setSequence(999_998);
    expect(await create()).toBe(`TK${day()}999999`);
    expect(await create()).toBe(`TK${day()}1000000`);
  });

  it('migration 0023 starts the sequence above the random numbers given earlier the same day', async () => {
    const { db } = h.ctx.database;
    const [now] = rowsOf<{ now: string }>(await db.execute(sql`SELECT now()::text AS now`));
    h.ctx.clock.now = new Date(now!.now);
    const yesterday = new Date(h.ctx.clock.now.getTime() - 86_400_000).toISOString().slice(0, 10).replaceAll('-', '');
    const file = '0023_ticket_numbers.sql';
    // The database as it was before 0023: no sequence, today's and yesterday's tickets numbered at random.
    await db.execute(sql`DROP SEQUENCE ticket_numbers`);
    await db.delete(tickets);
    const legacy = (no: string) => ({ ...ticket, ticketNo: no, userId: owner.id, status: 'processing' as const });
    await db
      .insert(tickets)
      .values([
        legacy(`TK${day()}000042`),
        legacy(`TK${day()}731514`),
        legacy(`TK${yesterday}999990`),
        legacy('TK-imported-1'),
      ]);
    expect(await rerunMigration(h.ctx.database, file)).toEqual([file]);
    expect(await create()).toBe(`TK${day()}731515`);
  });
});
