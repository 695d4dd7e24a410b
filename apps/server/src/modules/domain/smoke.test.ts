import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDomainHarness, type DomainHarness } from '../../../test/fixtures/domains';
import { dbKinds } from '../../../test/helpers';

describe.each(dbKinds)('smoke %s', (kind) => {
  let h: DomainHarness;
  beforeAll(async () => {
    h = await createDomainHarness(kind);
  });
  afterAll(() => h.close());
  it('creates', async () => {
    const u = await h.user();
    const res = await h.create(u, 'www.example.com');
    console.log(res.statusCode, JSON.stringify(res.body));
    await h.settle();
    const d = await h.call(u, 'GET', `/domain/${res.body.data.id}/detail`);
    console.log(JSON.stringify(d.body));
    const l = await h.call(u, 'GET', `/domain/list`);
    console.log(JSON.stringify(l.body));
    const c = await h.call(u, 'GET', `/domain/config/${res.body.data.id}`);
    console.log(JSON.stringify(c.body));
    expect(res.statusCode).toBe(200);
  });
});
