import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { limits } from '@edgeward/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStaff, type TestStaff } from '../../../test/fixtures/staff';
import { addDomain, logLine } from '../../../test/fixtures/traffic';
import { createTestUser, type TestUser } from '../../../test/fixtures/users';
import { createTestContext, dbKinds, multipart, type TestContext } from '../../../test/helpers';
import { staffAuditLog } from '../../db/schema';
import { commands } from '../../ops/command-list';
import { runOps } from '../../ops/ops';
import { IMPORT_BATCH_LINES, linesOfText } from './traffic-import';

const DAY = 86_400_000;

describe.each(dbKinds)("the console's traffic import on %s", (kind) => {
  let ctx: TestContext;
  let operations: TestStaff;
  let customer: TestUser;
  let dir: string;
  const at = Date.UTC(2026, 10, 22, 12);

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    ctx.clock.now = new Date(Date.UTC(2026, 10, 23, 4));
    operations = await createTestStaff(ctx, 'operations');
    customer = await createTestUser(ctx);
    await addDomain(ctx.database.db, customer.id, 'console.import.test');
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'edgeward-import-'));
  });
  afterAll(async () => {
    await ctx.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const upload = (data: Buffer, headers: Record<string, string> = operations.headers, name = 'access.log') => {
    const body = multipart(name, 'application/octet-stream', data);
    return ctx.app.inject({
      method: 'POST',
      url: '/api/admin/edge/traffic-import',
      payload: body.payload,
      headers: { ...headers, ...body.headers },
    });
  };
  const requests = async () =>
    (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/user/home?startTime=${at - DAY}&endTime=${at + DAY}`,
        headers: customer.headers,
      })
    ).json().data.requests.value;

  it('imports the lines of a file, says what it refused, and counts a batch imported before only once', async () => {
    const lines = [
      logLine(at, 'console.import.test'),
      '{"broken"',
      logLine(at + 60_000, 'console.import.test'),
      '',
      logLine(at, 'nobody.import.test'),
    ];
    const res = await upload(Buffer.from(lines.join('\n')));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      lines: 4,
      accepted: 2,
      rejected: 1,
      unknownHost: 1,
      duplicate: 0,
      problems: [{ line: 2, problem: 'not JSON' }],
    });
    expect(await requests()).toBe(2);

    // The same lines again, gzip this time (known by their bytes, whatever the name): not counted again.
    const again = await upload(gzipSync(lines.join('\n')), operations.headers, 'again.txt');
    expect(again.json().data).toMatchObject({ lines: 4, accepted: 0, duplicate: 4 });
    expect(await requests()).toBe(2);

    // The command line imports through the same path: the file the console took is a batch it has seen.
    const file = path.join(dir, 'access.log');
    fs.writeFileSync(file, lines.join('\n'));
    const out: string[] = [];
    const { config, database, providers } = ctx.app.areaContext;
    const code = await runOps(
      commands,
      ['logs', 'import', file],
      { database, config, providers, out: (l) => out.push(l), now: () => ctx.clock.now },
      () => undefined,
    );
    expect(code).toBe(0);
    expect(out.join('\n')).toContain('1 batch already imported (not counted again)');
    expect(await requests()).toBe(2);

    const audits = await ctx.database.db.select().from(staffAuditLog).where(eq(staffAuditLog.staffId, operations.id));
    expect(audits.map((a) => [a.action, a.targetName, a.after])).toEqual([
      ['traffic.import', 'access.log', { lines: 4, accepted: 2, rejected: 1, unknownHost: 1, duplicate: 0 }],
      ['traffic.import', 'again.txt', { lines: 4, accepted: 0, rejected: 1, unknownHost: 0, duplicate: 4 }],
    ]);
  });

  it('describes at most the first rejected lines, numbered in the whole file', async () => {
    const bad = Array.from({ length: 30 }, (_, i) => `not json ${i}`);
    const data = await upload(Buffer.from(bad.join('\n')));
    expect(data.json().data.rejected).toBe(30);
    expect(data.json().data.problems).toHaveLength(limits.traffic.importProblemsShown);
    expect(data.json().data.problems[0]).toEqual({ line: 1, problem: 'not JSON' });
  });

  it('refuses a file too large as uploaded or once inflated, and a request without a file', async () => {
    const big = await upload(Buffer.alloc(limits.traffic.importMaxBytes + 1, 0x20));
    expect([big.statusCode, big.json().error]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    expect(big.json().message).toContain('10 MB');
    const bomb = await upload(gzipSync(Buffer.alloc(limits.traffic.importMaxInflatedBytes + 1, 0x0a)));
    expect([bomb.statusCode, bomb.json().error]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    const bare = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/edge/traffic-import',
      headers: operations.headers,
      payload: { lines: 'x' },
    });
    expect(bare.statusCode).toBe(400);
    const corrupt = await upload(Buffer.from([0x1f, 0x8b, 1, 2, 3]));
    expect(corrupt.statusCode).toBe(400);
  });

  it("is operations' work: another role is refused, a customer's token is not a staff token", async () => {
    const support = await createTestStaff(ctx, 'support');
    const line = Buffer.from(logLine(at, 'console.import.test'));
    const refused = await upload(line, support.headers);
    expect([refused.statusCode, refused.json().error]).toEqual([403, 'FORBIDDEN']);
    const asCustomer = await upload(line, customer.headers);
    expect(asCustomer.statusCode).toBe(401);
    const admin = await createTestStaff(ctx, 'admin');
    expect((await upload(line, admin.headers)).json().data).toMatchObject({ lines: 1, accepted: 1 });
  });
});

describe('linesOfText', () => {
  it('yields each line, the last one without its newline too', () => {
    expect([...linesOfText('a\nb\n\nc')]).toEqual(['a', 'b', '', 'c']);
    expect([...linesOfText('a\n')]).toEqual(['a']);
    expect([...linesOfText('')]).toEqual([]);
    expect(IMPORT_BATCH_LINES).toBeGreaterThan(0);
  });
});
