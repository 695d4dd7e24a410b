import { verifyTypeA, verifyTypeB } from '@edgeward/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDomainHarness, type DomainHarness } from '../../../test/fixtures/domains';
import type { TestUser } from '../../../test/fixtures/users';
import { dbKinds } from '../../../test/helpers';

describe.each(dbKinds)('URL auth test signer on %s', (kind) => {
  let h: DomainHarness;
  let owner: TestUser;
  beforeAll(async () => {
    h = await createDomainHarness(kind);
    owner = await h.user();
  });
  afterAll(() => h.close());

  const save = (id: number, segment: string, body: unknown) =>
    h.call(owner, 'POST', `/domain/config/${id}/${segment}`, body);

  async function enabledDomain(): Promise<{ id: number; name: string }> {
    const name = 'www.signer.example.com';
    const res = await h.create(owner, name);
    expect(res.statusCode, res.text).toBe(200);
    await h.settle();
    return { id: res.body.data.id, name };
  }

  it('signs type A and type B URLs the edge verifier accepts, with either key', async () => {
    const { id, name } = await enabledDomain();
    const a = await save(id, 'url-auth', {
      status: 'on',
      type: 'type_a',
      key: 'primaryKey123',
      backupKey: 'backupKey456',
      expireTime: 300,
      signArg: 'auth_key',
    });
    expect(a.statusCode).toBe(200);
    const now = h.ctx.clock.now;
    const signed = await h.call(owner, 'POST', '/domain/url-auth/sign', { id, path: '/video/a.mp4' });
    expect(signed.statusCode, signed.text).toBe(200);
    expect(signed.body.data.url).toMatch(
      new RegExp(`^http://${name.replaceAll('.', '\\.')}/video/a\\.mp4\\?auth_key=`),
    );
    expect(signed.body.data.expiresAt).toBe(Math.floor(now.getTime() / 1000) * 1000 + 300_000);
    const options = { key: 'primaryKey123', backupKey: 'backupKey456', expireTime: 300, now, signArg: 'auth_key' };
    expect(verifyTypeA(signed.body.data.url, options).result).toBe('valid');
    const backup = await h.call(owner, 'POST', '/domain/url-auth/sign', { id, path: '/a.jpg', useBackupKey: true });
    expect(verifyTypeA(backup.body.data.url, { ...options, key: 'other1' }).result).toBe('valid');

    await save(id, 'url-auth', { status: 'on', type: 'type_b', key: 'primaryKey123', expireTime: 300 });
    const b = await h.call(owner, 'POST', '/domain/url-auth/sign', { id, path: '/img/b.png' });
    expect(verifyTypeB(b.body.data.url, { key: 'primaryKey123', expireTime: 300, now }).result).toBe('valid');
    const noBackup = await h.call(owner, 'POST', '/domain/url-auth/sign', { id, path: '/b.png', useBackupKey: true });
    expect(noBackup.statusCode).toBe(400);
    expect(noBackup.body.fields).toEqual({ backupKey: 'Input cannot be empty' });
  });
});
