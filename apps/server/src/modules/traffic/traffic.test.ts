import { gzipSync } from 'node:zlib';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDomain, logLine } from '../../../test/fixtures/traffic';
import { createTestUser, type TestUser } from '../../../test/fixtures/users';
import { createTestContext, dbKinds, type TestContext } from '../../../test/helpers';
import { rowsOf } from '../../db/migrate';
import { domains, trafficBatches, trafficRankingDeltas, trafficTopItems, users } from '../../db/schema';
import { MAX_INFLATED } from './edge-logs.routes';
import { foldRankings } from './traffic-write.repository';

const TOKEN = 'edge-node-token-0123456789abcdef';
const DAY = 86_400_000;
/** Beijing midnight starting 2026-11-21: 16:00 UTC the day before. */
const T0 = Date.UTC(2026, 10, 20, 16);
const MIN = 60_000;

/** `bytes` of blank lines as gzip members of at most 1 MB each: a small body that inflates to exactly `bytes`. */
function blankGzip(bytes: number): Buffer {
  const MB = 1024 * 1024;
  const lines = `${' '.repeat(1023)}\n`.repeat(1024);
  const member = gzipSync(lines);
  const members: Buffer[] = Array.from({ length: Math.floor(bytes / MB) }, () => member);
  if (bytes % MB > 0) members.push(gzipSync(lines.slice(0, bytes % MB)));
  return Buffer.concat(members);
}

describe.each(dbKinds)('traffic on %s', (kind) => {
  let ctx: TestContext;
  let owner: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    ctx = await createTestContext(kind, { EDGE_NODE_TOKENS: `edge-1:${TOKEN}`, TRAFFIC_RAW_RETENTION_DAYS: '7' });
    ctx.clock.now = new Date(T0 + DAY + 12 * 3_600_000);
    owner = await createTestUser(ctx);
    stranger = await createTestUser(ctx);
    await addDomain(ctx.database.db, owner.id, 'a.traffic.test');
    await addDomain(ctx.database.db, owner.id, 'b.traffic.test');
    await addDomain(ctx.database.db, stranger.id, 's.traffic.test');
  });
  afterAll(() => ctx.close());

  function post(body: string | Buffer, headers: Record<string, string> = {}) {
    return ctx.app.inject({
      method: 'POST',
      url: '/api/edge/logs',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/x-ndjson', ...headers },
      payload: body,
    });
  }

  async function get(user: TestUser, path: string, query: Record<string, string | number>) {
    const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
    const res = await ctx.app.inject({ method: 'GET', url: `/api${path}?${qs}`, headers: user.headers });
    return { status: res.statusCode, body: res.json() };
  }

  const dayD = { startTime: T0, endTime: T0 + DAY };

  /** A new session: once the clock has moved on past a user's first one. */
  async function signInAgain(user: TestUser): Promise<TestUser> {
    const { token } = await ctx.app.sessions.open(user.id, {});
    return { ...user, headers: { authorization: token } };
  }

  describe('the edge intake', () => {
    it('refuses a post without a known node token', async () => {
      const none = await ctx.app.inject({ method: 'POST', url: '/api/edge/logs', payload: 'x' });
      expect(none.statusCode).toBe(401);
      const wrong = await post('x', { authorization: `Bearer ${TOKEN}x` });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toMatchObject({ error: 'UNAUTHORIZED', message: 'Unknown edge node token' });
    });

    it('counts good lines, counts and describes bad ones, and sets aside unknown hosts', async () => {
      const body = [
        logLine(T0 + 1 * MIN, 'a.traffic.test', { url: '/x?token=secret', bytes_sent: 1000 }),
        logLine(T0 + 2 * MIN, 'A.Traffic.Test:443', {
          status: 404,
          bytes_sent: 500,
          cache_status: 'MISS',
          url: '/y',
          client_ip: '2001:db8::1',
        }),
        'not json at all',
        JSON.stringify({ host: 'a.traffic.test', status: 200, bytes_sent: 1 }),
        logLine(T0 + 3 * MIN, 'a.traffic.test', { status: 700 }),
        '',
        logLine(T0 + 3 * MIN, 'nobody.traffic.test'),
      ].join('\n');
      const res = await post(body);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({
        duplicate: false,
        lines: 6,
        accepted: 2,
        rejected: 3,
        unknownHost: 1,
        problems: [
          { line: 3, problem: 'not JSON' },
          { line: 4, problem: 'time missing or unreadable' },
          { line: 5, problem: 'status missing or not 100-599' },
        ],
      });
    });

    it('takes gzip bodies, and counts a batch posted twice once', async () => {
      const body = gzipSync(
        [
          logLine(T0 + 6 * MIN, 'a.traffic.test', { url: '/x', bytes_sent: 3000 }),
          logLine(T0 - 1000, 'a.traffic.test', { status: 502, bytes_sent: 200, cache_status: 'MISS' }),
          logLine(T0 + 1 * MIN, 'b.traffic.test', {
            bytes_sent: 600_000,
            cache_status: 'MISS',
            referer: 'https://r.test/p?q=1',
          }),
          logLine(T0 + 1 * MIN, 's.traffic.test', { bytes_sent: 7000 }),
        ].join('\n'),
      );
      const headers = { 'content-encoding': 'gzip', 'x-batch-id': 'node-1.batch-42' };
      const first = await post(body, headers);
      expect(first.json().data).toMatchObject({ batchId: 'node-1.batch-42', duplicate: false, accepted: 4 });
      const again = await post(body, headers);
      expect(again.json().data).toMatchObject({ duplicate: true, accepted: 0 });
      const [row] = await ctx.database.db
        .select()
        .from(trafficBatches)
        .where(eq(trafficBatches.batchId, 'node-1.batch-42'));
      expect(row).toMatchObject({ node: 'edge-1', lines: 4, accepted: 4 });
      expect(Buffer.from(row!.rawGzip!)).toEqual(body);
    });

    it('reads a big batch in parts and answers as for a small one: lines numbered across the parts', async () => {
      const line = logLine(T0 - 2 * DAY, 'nobody.traffic.test', { user_agent: 'y'.repeat(200) });
      const lines = Array.from({ length: 4000 }, () => line);
      for (const bad of [10, 2500, 3999]) lines[bad] = 'not json at all';
      const body = lines.join('\n');
      expect(body.length).toBeGreaterThan(1024 * 1024);
      const res = await post(gzipSync(body), { 'content-encoding': 'gzip' });
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      expect(res.json().data).toMatchObject({
        lines: 4000,
        rejected: 3,
        unknownHost: 3997,
        accepted: 0,
        problems: [
          { line: 11, problem: 'not JSON' },
          { line: 2501, problem: 'not JSON' },
          { line: 4000, problem: 'not JSON' },
        ],
      });
    });

    it('takes a batch larger than the 2 MB the console calls allow', async () => {
      const line = logLine(T0 - 2 * DAY, 'nobody.traffic.test', { user_agent: 'x'.repeat(300) });
      const body = Array.from({ length: 8000 }, () => line).join('\n');
      expect(body.length).toBeGreaterThan(3 * 1024 * 1024);
      const res = await post(body, { 'content-type': 'text/plain' });
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      expect(res.json().data).toMatchObject({ lines: 8000, unknownHost: 8000 });
    });

    it('names a batch without an id by its content', async () => {
      const body = logLine(T0 + 30 * MIN, 'nobody.traffic.test');
      const first = (await post(body)).json().data;
      expect(first.batchId).toMatch(/^sha256:[0-9a-f]{64}$/);
      expect((await post(body)).json().data.duplicate).toBe(true);
    });

    it('reads gzip as it inflates: up to 32 MB of lines taken, one byte more refused, a gzip bomb refused', async () => {
      const line = `${logLine(T0 + 40 * MIN, 'nobody.traffic.test')}\n`;
      const upTo = (bytes: number) => Buffer.concat([gzipSync(line), blankGzip(bytes - Buffer.byteLength(line))]);
      const gzip = (id: string) => ({ 'content-encoding': 'gzip', 'x-batch-id': id });

      const full = await post(upTo(MAX_INFLATED), gzip('bound-full'));
      expect(full.statusCode, full.body.slice(0, 200)).toBe(200);
      expect(full.json().data).toMatchObject({ lines: 1, rejected: 0, unknownHost: 1 });

      const over = await post(upTo(MAX_INFLATED + 1), gzip('bound-over'));
      expect(over.statusCode).toBe(413);
      expect(over.json()).toMatchObject({
        error: 'PAYLOAD_TOO_LARGE',
        message: 'A batch may hold at most 32 MB of lines once inflated: post smaller batches',
      });

      // About 200 KB on the wire, 200 MB inflated: refused at 32 MB, nothing of it recorded.
      const megabyteOfZeros = gzipSync(Buffer.alloc(1024 * 1024));
      const bomb = Buffer.concat(Array.from({ length: 200 }, () => megabyteOfZeros));
      expect(bomb.length).toBeLessThan(300 * 1024);
      const refused = await post(bomb, gzip('bomb'));
      expect(refused.statusCode).toBe(413);
      const recorded = await ctx.database.db
        .select({ batchId: trafficBatches.batchId })
        .from(trafficBatches)
        .where(inArray(trafficBatches.batchId, ['bound-over', 'bomb']));
      expect(recorded).toEqual([]);
    });

    it('names a gzip batch without an id as the same lines posted plain', async () => {
      const body = logLine(T0 + 50 * MIN, 'nobody.traffic.test');
      const plain = (await post(body)).json().data;
      const zipped = (await post(gzipSync(body), { 'content-encoding': 'gzip' })).json().data;
      expect(zipped).toMatchObject({ batchId: plain.batchId, duplicate: true });
    });

    it('refuses a line longer than 64 KB, and takes one of exactly 64 KB', async () => {
      const padded = (length: number) => {
        const bare = logLine(T0 + 45 * MIN, 'nobody.traffic.test', { user_agent: '' });
        return logLine(T0 + 45 * MIN, 'nobody.traffic.test', { user_agent: 'u'.repeat(length - bare.length) });
      };
      expect(padded(64 * 1024)).toHaveLength(64 * 1024);
      const res = await post(
        [padded(64 * 1024), padded(64 * 1024 + 1), logLine(T0 + 45 * MIN, 'nobody.traffic.test')].join('\n'),
      );
      expect(res.json().data).toMatchObject({
        lines: 3,
        unknownHost: 2,
        rejected: 1,
        problems: [{ line: 2, problem: 'line too long' }],
      });
    });

    it('refuses a body that is not gzip although it says so', async () => {
      const res = await post('plain', { 'content-encoding': 'gzip' });
      expect(res.statusCode).toBe(400);
    });
  });

  describe('statistics', () => {
    it('answers traffic and requests per Beijing day and per 5 minutes', async () => {
      const days = await get(owner, '/user/domain-statistics', {
        startTime: T0 - DAY,
        endTime: T0 + DAY,
        granularity: '1d',
        domainNames: 'a.traffic.test',
      });
      expect(days.body.data).toEqual({
        granularity: '1d',
        points: [
          { time: T0 - DAY, bytes: 200, requests: 1 },
          { time: T0, bytes: 4500, requests: 3 },
        ],
        total: { bytes: 4700, requests: 4 },
      });
      const fine = await get(owner, '/user/domain-statistics', {
        startTime: T0,
        endTime: T0 + 10 * MIN,
        granularity: '5m',
        domainNames: 'a.traffic.test',
      });
      expect(fine.body.data.points).toEqual([
        { time: T0, bytes: 1500, requests: 2 },
        { time: T0 + 5 * MIN, bytes: 3000, requests: 1 },
      ]);
    });

    it('answers bandwidth as 5-minute averages with peak and 95th percentile', async () => {
      const res = await get(owner, '/user/bs_statistics', { ...dayD, granularity: '1h' });
      const first = ((1500 + 600_000) * 8) / 300;
      expect(res.body.data.peak).toEqual({ bps: first, time: T0 });
      expect(res.body.data.points[0]).toEqual({ time: T0, bps: first });
      expect(res.body.data.points).toHaveLength(24);
      // 288 five-minute points, two with traffic: the 95th percentile lies among the empty ones.
      expect(res.body.data.p95Bps).toBe(0);
      const two = await get(owner, '/user/bs_statistics', { startTime: T0, endTime: T0 + 10 * MIN, granularity: '5m' });
      expect(two.body.data.p95Bps).toBe(first);
    });

    it('answers hit rates by requests and by bytes', async () => {
      const res = await get(owner, '/user/hit_rate_statistics', {
        ...dayD,
        granularity: '1d',
        domainNames: 'a.traffic.test',
      });
      expect(res.body.data.total).toEqual({ requests: 3, hits: 2, hitRate: 2 / 3, byteHitRate: 4000 / 4500 });
    });

    it('answers status classes and codes', async () => {
      const res = await get(owner, '/user/status_statistics', { ...dayD, granularity: '1d' });
      expect(res.body.data.classes).toEqual({ '1xx': 0, '2xx': 3, '3xx': 0, '4xx': 1, '5xx': 0 });
      expect(res.body.data.codes).toEqual([
        { code: 200, requests: 3, share: 0.75 },
        { code: 404, requests: 1, share: 0.25 },
      ]);
    });

    it("lists the caller's domains by traffic, and ranks URLs without their query", async () => {
      const mine = await get(owner, '/user/my_statistics_domain', dayD);
      expect(mine.body.data.list.map((d: { domainName: string }) => d.domainName)).toEqual([
        'b.traffic.test',
        'a.traffic.test',
      ]);
      expect(mine.body.data.list[0]).toMatchObject({ bytes: 600_000, requests: 1, hitRate: 0, peakBps: 16_000 });
      const urls = await get(owner, '/statistics/top', { ...dayD, kind: 'url', domainNames: 'a.traffic.test' });
      expect(urls.body.data.list).toEqual([
        { value: '/x', requests: 2, bytes: 4000 },
        { value: '/y', requests: 1, bytes: 500 },
      ]);
      const referers = await get(owner, '/statistics/top', { ...dayD, kind: 'referer' });
      expect(referers.body.data.list).toEqual([{ value: 'https://r.test/p', requests: 1, bytes: 600_000 }]);
      expect(JSON.stringify(urls.body)).not.toContain('secret');
    });

    it('sums the overview against the period before it', async () => {
      const res = await get(owner, '/user/home', dayD);
      expect(res.body.data).toMatchObject({
        previousStartTime: T0 - DAY,
        bytes: { value: 604_500, previous: 200 },
        requests: { value: 4, previous: 1 },
        hitRate: { value: 0.5, previous: 0 },
      });
      expect(res.body.data.topDomains.map((d: { domainName: string }) => d.domainName)).toEqual([
        'b.traffic.test',
        'a.traffic.test',
      ]);
    });

    it("refuses another customer's domain as missing, and shows each customer only their own", async () => {
      const foreign = await get(owner, '/user/domain-statistics', { ...dayD, domainNames: 's.traffic.test' });
      const missing = await get(owner, '/user/domain-statistics', { ...dayD, domainNames: 'none.traffic.test' });
      expect(foreign.status).toBe(404);
      expect(foreign.body).toEqual(missing.body);
      const mixed = await get(owner, '/statistics/top', {
        ...dayD,
        kind: 'url',
        domainNames: 'a.traffic.test,s.traffic.test',
      });
      expect(mixed.status).toBe(404);
      const theirs = await get(stranger, '/user/home', dayD);
      expect(theirs.body.data.bytes.value).toBe(7000);
    });

    it('refuses ranges that end before they start or are too long for their granularity', async () => {
      const backwards = await get(owner, '/user/domain-statistics', { startTime: T0, endTime: T0 - 1 });
      expect(backwards.status).toBe(400);
      expect(Object.keys(backwards.body.fields)).toEqual(['endTime']);
      const halfOverview = await get(owner, '/user/home', { startTime: T0 });
      expect(halfOverview.body.fields).toEqual({ endTime: 'Input cannot be empty' });
      const tooFine = await get(owner, '/user/bs_statistics', {
        startTime: T0,
        endTime: T0 + 40 * DAY,
        granularity: '5m',
      });
      expect(tooFine.status).toBe(400);
      expect(tooFine.body.fields).toEqual({
        granularity: 'Five-minute granularity covers at most 31 days; choose a coarser granularity',
      });
    });
  });

  it("keeps a deleted domain's traffic in the account's figures, not in the list of domains", async () => {
    const gone = await addDomain(ctx.database.db, stranger.id, 'gone.traffic.test');
    await post(logLine(T0 + 50 * MIN, 'gone.traffic.test', { bytes_sent: 100 }));
    await ctx.database.db.delete(domains).where(eq(domains.id, gone));
    const home = await get(stranger, '/user/home', dayD);
    expect(home.body.data.bytes.value).toBe(7100);
    expect(home.body.data.topDomains.map((d: { domainName: string }) => d.domainName)).toEqual(['s.traffic.test']);
    const named = await get(stranger, '/user/domain-statistics', { ...dayD, domainNames: 's.traffic.test' });
    expect(named.body.data.total.bytes).toBe(7000);
  });

  it('leaves nothing of a batch whose last write fails, so that posting it again counts it', async () => {
    const exec = (statement: string) => ctx.database.db.execute(sql.raw(statement));
    const totals = async () =>
      (await get(owner, '/user/domain-statistics', { ...dayD, granularity: '1d' })).body.data.total;
    const before = await totals();
    const body = logLine(T0 + 40 * MIN, 'a.traffic.test', { url: '/rollback', bytes_sent: 9 });
    const headers = { 'x-batch-id': 'rollback-1' };
    await exec(`CREATE FUNCTION test_refuse_write() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'test: refused'; END $$`);
    await exec(
      'CREATE TRIGGER test_refuse BEFORE INSERT ON traffic_ranking_deltas FOR EACH STATEMENT EXECUTE FUNCTION test_refuse_write()',
    );
    try {
      expect((await post(body, headers)).statusCode).toBe(500);
    } finally {
      await exec('DROP TRIGGER test_refuse ON traffic_ranking_deltas');
    }
    expect(await totals()).toEqual(before);
    const retry = await post(body, headers);
    expect(retry.json().data).toMatchObject({ duplicate: false, accepted: 1 });
    expect(await totals()).toEqual({ bytes: before.bytes + 9, requests: before.requests + 1 });
  });

  it('drops raw lines once their retention has passed, keeping the figures', async () => {
    ctx.clock.advance(8 * DAY);
    await ctx.app.schedules.tick();
    await ctx.app.jobs.runDue();
    const rows = await ctx.database.db.select({ raw: trafficBatches.rawGzip }).from(trafficBatches);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.raw === null)).toBe(true);
    // Eight days on, the earlier session has expired.
    const days = await get(await signInAgain(owner), '/user/domain-statistics', {
      ...dayD,
      granularity: '1d',
    });
    expect(days.body.data.total).toEqual({ bytes: 604_509, requests: 5 });
  });

  describe("the rankings' entries", () => {
    /** Kept entries not folded yet, of `item` or of all. */
    const pending = async (item?: string) =>
      (await ctx.database.db.select({ entries: trafficRankingDeltas.entries }).from(trafficRankingDeltas))
        .flatMap((row) => row.entries as { i: string }[])
        .filter((entry) => item === undefined || entry.i === item).length;
    const ranked = async (item: string) =>
      (
        await ctx.database.db
          .select({ requests: trafficTopItems.requests, bytes: trafficTopItems.bytes })
          .from(trafficTopItems)
          .where(eq(trafficTopItems.item, item))
      ).map((r) => [r.requests, r.bytes]);
    const lines = (url: string, n: number, host = 'a.traffic.test') =>
      Array.from({ length: n }, (_, i) => logLine(T0 + (30 + i) * MIN, host, { url, bytes_sent: 10 })).join('\n');

    it("waits as a batch appended it, and the minute's job folds it into the day's rankings once", async () => {
      await post(lines('/fold-job', 2));
      await post(lines('/fold-job', 1));
      expect(await pending('/fold-job')).toBe(2);
      expect(await ranked('/fold-job')).toEqual([]);
      ctx.clock.advance(MIN);
      await ctx.app.schedules.tick();
      await ctx.app.jobs.runDue();
      expect(await pending()).toBe(0);
      expect(await ranked('/fold-job')).toEqual([[3, 30]]);
      await foldRankings(ctx.database.db);
      expect(await ranked('/fold-job')).toEqual([[3, 30]]);
    });

    it('is folded by the next ranking read, which counts it once however often it is read', async () => {
      await post(lines('/fold-read', 2));
      const signedIn = await signInAgain(owner);
      const top = () => get(signedIn, '/statistics/top', { ...dayD, kind: 'url', domainNames: 'a.traffic.test' });
      const first = await top();
      expect(first.body.data.list).toContainEqual({ value: '/fold-read', requests: 2, bytes: 20 });
      expect(await pending()).toBe(0);
      expect((await top()).body.data).toEqual(first.body.data);
    });

    it('is counted once when two folds run at once', async () => {
      await post(lines('/fold-twice', 3));
      await Promise.all([foldRankings(ctx.database.db), foldRankings(ctx.database.db)]);
      expect(await ranked('/fold-twice')).toEqual([[3, 30]]);
    });

    it.runIf(kind === 'postgres')(
      'held by another fold is waited for, so that a ranking read after its own fold misses none of it',
      async () => {
        await post(lines('/fold-wait', 1));
        const signedIn = await signInAgain(owner);
        let holding!: () => void;
        const held = new Promise<void>((resolve) => {
          holding = resolve;
        });
        let release!: () => void;
        const released = new Promise<void>((resolve) => {
          release = resolve;
        });
        // Another fold, paused between taking the rows and adding them to the rankings.
        const other = ctx.database.db.transaction(async (tx) => {
          await tx.execute(sql`SELECT id FROM traffic_ranking_deltas FOR UPDATE`);
          holding();
          await released;
          await tx.execute(sql`DELETE FROM traffic_ranking_deltas`);
          await tx.execute(sql`
            INSERT INTO traffic_top_items (domain_id, day, kind, item, requests, bytes)
            SELECT id, '2026-11-21', 'url', '/fold-wait', 1, 10 FROM domains WHERE domain_name = 'a.traffic.test'`);
        });
        await held;
        const reading = get(signedIn, '/statistics/top', { ...dayD, kind: 'url', domainNames: 'a.traffic.test' });
        const waiting = async () =>
          rowsOf<{ n: string }>(
            await ctx.database.db.execute(sql`
              SELECT count(*) AS n FROM pg_stat_activity
              WHERE datname = current_database() AND wait_event_type = 'Lock'`),
          )[0]!.n !== '0';
        try {
          for (let tries = 0; !(await waiting()); tries++) {
            if (tries === 200) throw new Error('the read never waited for the other fold');
            await new Promise((resolve) => setTimeout(resolve, 25));
          }
        } finally {
          release();
          await other;
        }
        expect((await reading).body.data.list).toContainEqual({ value: '/fold-wait', requests: 1, bytes: 10 });
      },
    );

    it("go with their domain when it is deleted after the fold, and with a deleted customer's domains", async () => {
      const customer = await createTestUser(ctx);
      const [kept, gone, ofCustomer] = [
        await addDomain(ctx.database.db, owner.id, 'rank-kept.traffic.test'),
        await addDomain(ctx.database.db, owner.id, 'rank-gone.traffic.test'),
        await addDomain(ctx.database.db, customer.id, 'rank-customer.traffic.test'),
      ];
      await post(
        [
          lines('/rank-kept', 1, 'rank-kept.traffic.test'),
          lines('/rank-gone', 1, 'rank-gone.traffic.test'),
          lines('/rank-customer', 1, 'rank-customer.traffic.test'),
        ].join('\n'),
      );
      await foldRankings(ctx.database.db);
      const itemsOf = async (domainId: number) =>
        (await ctx.database.db.select().from(trafficTopItems).where(eq(trafficTopItems.domainId, domainId))).length;
      expect([await itemsOf(kept), await itemsOf(gone), await itemsOf(ofCustomer)]).toEqual([2, 2, 2]);
      await ctx.database.db.delete(domains).where(eq(domains.id, gone));
      await ctx.database.db.delete(users).where(eq(users.id, customer.id));
      expect([await itemsOf(kept), await itemsOf(gone), await itemsOf(ofCustomer)]).toEqual([2, 0, 0]);
    });

    it('of a domain deleted before the fold is dropped, and the others are folded', async () => {
      const gone = await addDomain(ctx.database.db, owner.id, 'fold-gone.traffic.test');
      await post(`${lines('/fold-gone', 1, 'fold-gone.traffic.test')}\n${lines('/fold-kept', 1)}`);
      await ctx.database.db.delete(domains).where(eq(domains.id, gone));
      await foldRankings(ctx.database.db);
      expect(await pending()).toBe(0);
      expect(await ranked('/fold-gone')).toEqual([]);
      expect(await ranked('/fold-kept')).toEqual([[1, 10]]);
    });
  });
});
