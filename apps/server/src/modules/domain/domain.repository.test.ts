import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, dbKinds } from '../../../test/helpers';
import type { Database } from '../../db/connect';
import { users } from '../../db/schema';
import { sampleDomainConfig } from './domain.bench-support';
import * as repo from './domain.repository';
import * as listRepo from './domain-list.repository';
import * as verifications from './domain-verification.repository';

/**
 * The repositories hand back typed rows whatever the driver: PGlite and node-postgres differ in how they return
 * int8, timestamps, jsonb and booleans, and the services rely on numbers, Dates, objects and true booleans.
 */
describe.each(dbKinds)('domain repositories on %s', (kind) => {
  let database: Database;
  let seq = 0;
  const config = sampleDomainConfig('web');

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.close());

  async function user(): Promise<number> {
    const name = `repo${++seq}`;
    const [row] = await database.db
      .insert(users)
      .values({ userName: name, email: `${name}@example.test`, passwordHash: 'x' })
      .returning({ id: users.id });
    return row!.id;
  }

  const insert = (userId: number, domainName: string, at: Date) =>
    repo.insertDomain(database.db, {
      userId,
      domainName,
      type: 'web',
      status: 'enabled',
      wholeSite: false,
      config,
      at,
    });

  it('reads a domain back with numbers, exact Dates, the stored document and true booleans', async () => {
    const owner = await user();
    const at = new Date('2026-03-01T08:09:10.123Z');
    const id = await insert(owner, 'www.typed.example.com', at);
    expect(typeof id).toBe('number');

    const row = await repo.findOfUser(database.db, owner, id);
    expect(row).toEqual({
      id,
      userId: owner,
      domainName: 'www.typed.example.com',
      variant: 'cdn',
      type: 'web',
      status: 'enabled',
      cname: null,
      wholeSite: false,
      reviewReason: null,
      abnormalReason: null,
      sample: false,
      createdAt: at,
      updatedAt: at,
      config,
      version: 1,
      configUpdatedAt: at,
      hasCertificate: false,
      edgeServing: false,
    });
    expect(await repo.findOfUser(database.db, await user(), id)).toBeNull();
    expect(await repo.findNameHolder(database.db, 'www.typed.example.com')).toEqual({ id, userId: owner });
  });

  it('merges a patch into the document, bumps the version and stores the certificate beside it', async () => {
    const owner = await user();
    const at = new Date('2026-03-02T00:00:00.000Z');
    const id = await insert(owner, 'www.patched.example.com', at);
    const later = new Date('2026-03-02T00:00:05.000Z');
    const patched = await repo.patchConfigOfUser(database.db, owner, id, { quic: 'on' }, later, {
      certificate: 'CERT',
      privateKey: 'KEY',
    });
    expect(patched).toEqual({
      config: { ...config, quic: 'on' },
      version: 2,
      configUpdatedAt: later,
      hasCertificate: true,
    });
    expect(await repo.patchConfigOfUser(database.db, await user(), id, { quic: 'off' }, later)).toBeNull();

    const row = (await repo.findSystem(database.db, { id }))!;
    expect(row.config).toEqual({ ...config, quic: 'on' });
    expect(row.version).toBe(2);
    expect(row.configUpdatedAt).toEqual(later);
    expect(row.hasCertificate).toBe(true);
    expect((await repo.findForEdgeSystem(database.db, id))?.tls).toEqual({ certificate: 'CERT', privateKey: 'KEY' });
  });

  it('counts, pages and exports in keyset batches with numbers and the HTTPS switch', async () => {
    const owner = await user();
    const at = new Date('2026-03-03T00:00:00.456Z');
    // Three rows in the same millisecond: the keyset must fall back on the id.
    const ids = [
      await insert(owner, 'a.list.example.com', at),
      await insert(owner, 'b.list.example.com', at),
      await insert(owner, 'c.list.example.com', at),
    ];
    await repo.patchConfigOfUser(database.db, owner, ids[1]!, { https: 'on' }, at);
    const filter = { userId: owner, variant: 'cdn' as const };
    expect(await repo.countOfUser(database.db, owner)).toBe(3);
    expect(await listRepo.countList(database.db, filter)).toBe(3);
    expect(await listRepo.countList(database.db, { ...filter, search: 'b.list' })).toBe(1);

    const page = await listRepo.listPage(database.db, filter, { offset: 1, limit: 2, order: 'desc', total: 3 });
    expect(page.map((r) => [r.id, r.https])).toEqual([
      [ids[1], 'on'],
      [ids[0], 'off'],
    ]);
    expect(page[0]!.createdAt).toEqual(at);

    const first = await listRepo.exportBatch(database.db, filter, null, 2);
    const rest = await listRepo.exportBatch(database.db, filter, first[1]!, 2);
    expect([...first, ...rest].map((r) => r.id)).toEqual([...ids].reverse());
  });

  it('keeps one verification record per user and apex and stamps a success', async () => {
    const owner = await user();
    const first = await verifications.ensureVerification(database.db, owner, 'verify.example.com', 'n', 'v1');
    const again = await verifications.ensureVerification(database.db, owner, 'verify.example.com', 'n', 'v2');
    expect(again).toEqual(first);
    expect(first).toMatchObject({ recordValue: 'v1', status: 'pending', verifiedAt: null });
    const at = new Date('2026-03-04T00:00:00.000Z');
    await verifications.setVerificationStatus(database.db, owner, first.id, 'success', at);
    expect(await verifications.findVerification(database.db, owner, 'verify.example.com')).toEqual({
      ...first,
      status: 'success',
      verifiedAt: at,
    });
  });
});
