import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDomainHarness, type DomainHarness } from '../../../test/fixtures/domains';
import { dbKinds } from '../../../test/helpers';
import { rowsOf } from '../../db/migrate';

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
});
