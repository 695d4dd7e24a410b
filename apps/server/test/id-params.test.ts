import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDomainHarness, type DomainHarness } from './fixtures/domains';
import type { TestUser } from './fixtures/users';
import { dbKinds } from './helpers';

const idMessage = 'Not a valid id: a whole number from 1, in decimal digits without leading zeros';

describe.each(dbKinds)('ids in paths on %s', (kind) => {
  let h: DomainHarness;
  let user: TestUser;
  /** The caller's domain and ticket: what another spelling of their ids would reach. */
  const objects: { name: string; path: (id: string) => string; id: number }[] = [];

  beforeAll(async () => {
    h = await createDomainHarness(kind);
    user = await h.user();
    const domain = await h.create(user, 'ids.example.com');
    objects.push({ name: 'domain', path: (id) => `/domain/${id}/detail`, id: domain.body.data.id });
    const ticket = await h.call(user, 'POST', '/support/tickets', {
      product: 'cdn',
      urgency: 'impact',
      title: 'Ids',
      description: 'Which ticket is this?',
    });
    objects.push({ name: 'ticket', path: (id) => `/support/tickets/${id}`, id: ticket.body.data.id });
  });
  afterAll(() => h.close());

  it('reaches an object by its id in decimal digits', async () => {
    for (const { name, path, id } of objects) {
      const res = await h.call(user, 'GET', path(String(id)));
      expect(res.statusCode, name).toBe(200);
      expect(res.body.data.id).toBe(id);
    }
  });

  it('refuses every other spelling of the same number with 400 and the field message', async () => {
    for (const { name, path, id } of objects) {
      const spellings = [
        `0x${id.toString(16)}`,
        `0o${id.toString(8)}`,
        `0b${id.toString(2)}`,
        `${id}e0`,
        `${id}.0`,
        `%20${id}`,
        `${id}%20`,
        `+${id}`,
        `0${id}`,
        `00${id}`,
      ];
      for (const spelling of spellings) {
        const res = await h.call(user, 'GET', path(spelling));
        expect(res.statusCode, `${name} ${spelling}`).toBe(400);
        expect(res.body).toMatchObject({ error: 'VALIDATION_FAILED', fields: { id: idMessage } });
      }
    }
  });

  it('refuses zero, negatives and ids past the largest exact integer; takes the largest as a plain miss', async () => {
    const { path } = objects[0]!;
    for (const id of ['0', '-1', '9007199254740992', '9007199254740993', '99999999999999999999']) {
      const res = await h.call(user, 'GET', path(id));
      expect(res.statusCode, id).toBe(400);
      expect(res.body.fields).toEqual({ id: idMessage });
    }
    expect((await h.call(user, 'GET', path('9007199254740991'))).statusCode).toBe(404);
  });

  it('says it in Chinese too', async () => {
    const res = await h.call(user, 'GET', objects[0]!.path('0x1'), undefined, 'zh-CN');
    expect(res.body.fields).toEqual({ id: '无效的 ID：须为从 1 开始的整数，只含十进制数字，不带前导零' });
  });
});
