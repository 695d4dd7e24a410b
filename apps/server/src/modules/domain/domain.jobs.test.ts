import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDomainHarness, type DomainHarness } from '../../../test/fixtures/domains';
import { dbKinds } from '../../../test/helpers';
import { rowsOf } from '../../db/migrate';
import { requestPublish } from './domain-steps';

describe.each(dbKinds)('domain publish jobs on %s', (kind) => {
  let h: DomainHarness;
  beforeAll(async () => {
    h = await createDomainHarness(kind);
  });
  afterAll(() => h.close());

  const count = async (jobKind: string) =>
    rowsOf<{ n: number }>(
      await h.ctx.database.db.execute(sql`SELECT count(*)::int AS n FROM jobs WHERE kind = ${jobKind}`),
    )[0]!.n;

  it('publishes ten configuration saves made while a publish waits as one edge rollout of the last version', async () => {
    const owner = await h.user();
    const res = await h.create(owner, 'www.ten-saves.com');
    expect(res.statusCode, res.text).toBe(200);
    const id = res.body.data.id as number;
    await h.settle();
    const publishesBefore = await count('domain.publish');
    const rolloutsBefore = await count('edge.sandbox.apply');

    for (let i = 0; i < 10; i++) {
      const saved = await h.call(owner, 'POST', `/domain/config/${id}/range-switch`, {
        rangeSwitch: i % 2 ? 'off' : 'on',
      });
      expect(saved.statusCode, saved.text).toBe(200);
    }
    expect(await count('domain.publish')).toBe(publishesBefore + 1);

    await h.settle();
    expect(await count('edge.sandbox.apply')).toBe(rolloutsBefore + 1);
    const config = (await h.call(owner, 'GET', `/domain/config/${id}`)).body.data;
    expect(config.rangeStatus).toBe('off');
    expect(await h.status(owner, id)).toBe('enabled');
  });

  it('ends a publish of a domain gone or not let through without touching the edge, and removes one being deleted', async () => {
    const owner = await h.user();
    const created = await h.create(owner, 'www.publish-nothing.com');
    const id = created.body.data.id as number;
    await h.settle();
    await h.ctx.database.db.execute(sql`UPDATE domains SET status = 'under_review' WHERE id = ${id}`);
    const applies = await count('edge.sandbox.apply');
    const removes = await count('edge.sandbox.remove');
    const db = h.ctx.database.db;
    const last = rowsOf<{ n: number }>(await db.execute(sql`SELECT max(id)::int AS n FROM jobs`))[0]!.n;
    await requestPublish(db, id, h.ctx.clock.read());
    await requestPublish(db, id + 1000, h.ctx.clock.read());
    await h.settle();
    const publishes = rowsOf<{ done: boolean; error: string | null }>(
      await db.execute(
        sql`SELECT done_at IS NOT NULL AS done, last_error AS error FROM jobs
            WHERE kind = 'domain.publish' AND id > ${last}`,
      ),
    );
    expect(publishes).toEqual([
      { done: true, error: null },
      { done: true, error: null },
    ]);
    expect([await count('edge.sandbox.apply'), await count('edge.sandbox.remove')]).toEqual([applies, removes]);

    await db.execute(sql`UPDATE domains SET status = 'deleting' WHERE id = ${id}`);
    await requestPublish(db, id, h.ctx.clock.read());
    await h.settle();
    expect(await count('edge.sandbox.remove')).toBe(removes + 1);
    expect(await h.status(owner, id)).toBe('http 404');
  });
});
