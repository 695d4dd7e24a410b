import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDomain, logLine } from '../../../test/fixtures/traffic';
import { createTestDatabase, dbKinds } from '../../../test/helpers';
import type { Database } from '../../db/connect';
import { trafficAccountRollups, trafficRollups, trafficStatusCodes, trafficTopItems, users } from '../../db/schema';
import { addPackedSums, packSums, sumLines } from './host-sums';
import { isCacheHit } from './log-line';
import { parseLines } from './log-reader';
import { seededRandom } from './prng';
import { rollUp, TOP_ITEMS_PER_BATCH } from './rollup';
import { createTrafficIngest } from './traffic-ingest.service';
import { foldRankings } from './traffic-write.repository';

/** Beijing midnight of 2026-11-21. */
const T0 = Date.UTC(2026, 10, 20, 16);
const HOUR = 3_600_000;

/** Lines over three Beijing days around T0, for hosts `<prefix>-1` and `<prefix>-2`, from a seeded generator. */
function randomLines(seed: number, count: number): { offset: number; host: number; fields: object }[] {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  return Array.from({ length: count }, () => ({
    offset: Math.floor((random() - 0.4) * 60 * HOUR),
    host: random() < 0.6 ? 1 : 2,
    fields: {
      status: pick([200, 200, 200, 206, 304, 404, 500, 503]),
      bytes_sent: Math.floor(random() * 2_000_000),
      cache_status: pick(['HIT', 'HIT', 'MISS', 'EXPIRED', 'STALE', '-']),
      url: pick(['/a', '/b?x=1', '/c', '/d/e']),
      referer: pick(['-', 'https://r1.test/', 'https://r2.test/x']),
      client_ip: pick(['203.0.113.1', '203.0.113.2', '2001:db8::9', '198.51.100.4']),
    },
  }));
}

function textOf(lines: ReturnType<typeof randomLines>, prefix: string): string {
  return lines.map((l) => logLine(T0 + l.offset, `${prefix}-${l.host}.split.test`, l.fields)).join('\n');
}

/** Shuffles and cuts the lines into 1 to 8 batches at random places. */
function randomSplit<T>(items: readonly T[], seed: number): T[][] {
  const random = seededRandom(seed);
  const shuffled = [...items];
  for (let i = shuffled.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
  }
  const cuts = Array.from({ length: Math.floor(random() * 8) }, () => Math.floor(random() * shuffled.length)).sort(
    (a, b) => a - b,
  );
  const batches: T[][] = [];
  let from = 0;
  for (const cut of [...cuts, shuffled.length]) {
    batches.push(shuffled.slice(from, cut));
    from = cut;
  }
  return batches.filter((b) => b.length > 0);
}

describe('rollUp in memory', () => {
  const domainOfHost = (host: string) => (host.startsWith('m-1') ? 1 : 2);
  const key = (r: ReturnType<typeof rollUp>) =>
    r.fiveMinute
      .map(
        (b) =>
          `${b.scopeId} ${b.bucketStart} ${b.requests} ${b.bytes} ${b.hits} ${b.misses} ${b.hitBytes} ${b.status} ${[...b.codes].sort((x, y) => x[0] - y[0])}`,
      )
      .sort();
  const topKey = (r: ReturnType<typeof rollUp>) =>
    r.top.map((t) => `${t.domainId} ${t.day} ${t.kind} ${t.item} ${t.requests} ${t.bytes}`).sort();

  it('sums the same lines alike however they are ordered', () => {
    const { lines } = parseLines(textOf(randomLines(7, 300), 'm'));
    expect(key(rollUp(sumLines([...lines].reverse()), domainOfHost))).toEqual(
      key(rollUp(sumLines(lines), domainOfHost)),
    );
    const buckets = rollUp(sumLines(lines), domainOfHost).fiveMinute;
    const total = (figure: (b: (typeof buckets)[number]) => number) => buckets.reduce((n, b) => n + figure(b), 0);
    const hits = lines.filter((line) => isCacheHit(line.cacheStatus));
    const bytesOf = (some: typeof lines) => some.reduce((n, line) => n + line.bytesSent, 0);
    expect({
      requests: total((b) => b.requests),
      hits: total((b) => b.hits),
      misses: total((b) => b.misses),
      bytes: total((b) => b.bytes),
      hitBytes: total((b) => b.hitBytes),
    }).toEqual({
      requests: 300,
      hits: hits.length,
      misses: 300 - hits.length,
      bytes: bytesOf(lines),
      hitBytes: bytesOf(hits),
    });
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.length).toBeLessThan(300);
  });

  it('sums the parts of a batch, packed and added together, as the whole batch', () => {
    const spread = parseLines(textOf(randomLines(8, 400), 'm')).lines;
    // And the same lines in one 5-minute bucket: every part then adds to buckets and items the others have.
    for (const lines of [spread, spread.map((line) => ({ ...line, time: T0 }))]) {
      const whole = rollUp(sumLines(lines), domainOfHost);
      for (const cut of [1, 150, 399]) {
        const parts = sumLines(lines.slice(0, cut));
        addPackedSums(parts, packSums(sumLines(lines.slice(cut))));
        const added = rollUp(parts, domainOfHost);
        expect(key(added)).toEqual(key(whole));
        expect(topKey(added)).toEqual(topKey(whole));
        expect(added.lines).toBe(400);
      }
    }
  });

  it('counts two hosts of one domain together and leaves out hosts of no domain', () => {
    const { lines } = parseLines(textOf(randomLines(9, 200), 'm'));
    const oneDomain = rollUp(sumLines(lines), () => 5);
    const ofFirst = lines.filter((line) => line.host.startsWith('m-1')).length;
    const onlyFirst = rollUp(sumLines(lines), (host) => (host.startsWith('m-1') ? 5 : undefined));
    expect(oneDomain.lines).toBe(200);
    expect(new Set(oneDomain.fiveMinute.map((b) => b.scopeId))).toEqual(new Set([5]));
    expect(onlyFirst.lines).toBe(ofFirst);
    expect(onlyFirst.fiveMinute.reduce((n, b) => n + b.requests, 0)).toBe(ofFirst);
    expect(onlyFirst.top.every((t) => t.domainId === 5)).toBe(true);
    // The two hosts' client addresses, summed over the domain: as many requests as lines.
    const clientRequests = (r: ReturnType<typeof rollUp>) =>
      r.top.filter((t) => t.kind === 'clientIp').reduce((n, t) => n + t.requests, 0);
    expect(clientRequests(oneDomain)).toBe(200);
  });

  it("keeps each ranking's most requested items of a batch, up to the most a ranking call answers", () => {
    // Path /p<i> is asked i + 1 times: the batch has more distinct paths than it keeps.
    const paths = TOP_ITEMS_PER_BATCH + 30;
    const text = Array.from({ length: paths }, (_, i) =>
      Array.from({ length: i + 1 }, () => logLine(T0, 'k.test', { url: `/p${i}`, client_ip: '203.0.113.1' })),
    )
      .flat()
      .join('\n');
    const { top } = rollUp(sumLines(parseLines(text).lines), () => 1);
    const urls = top.filter((t) => t.kind === 'url');
    expect(urls).toHaveLength(TOP_ITEMS_PER_BATCH);
    expect(Math.min(...urls.map((u) => u.requests))).toBe(paths - TOP_ITEMS_PER_BATCH + 1);
    expect(top.filter((t) => t.kind === 'clientIp')).toEqual([
      expect.objectContaining({ item: '203.0.113.1', requests: (paths * (paths + 1)) / 2 }),
    ]);
  });

  it("keeps the items most requested over the domain's hosts together, not per host", () => {
    // /shared is second on each host but first on the domain; each host's own path is first on its host.
    const text = [
      ...Array.from({ length: 3 }, () => logLine(T0, 'a.test', { url: '/a' })),
      ...Array.from({ length: 2 }, () => logLine(T0, 'a.test', { url: '/shared' })),
      ...Array.from({ length: 3 }, () => logLine(T0, 'b.test', { url: '/b' })),
      ...Array.from({ length: 2 }, () => logLine(T0, 'b.test', { url: '/shared' })),
    ].join('\n');
    const urls = rollUp(sumLines(parseLines(text).lines), () => 1).top.filter((t) => t.kind === 'url');
    expect(urls.find((u) => u.item === '/shared')).toMatchObject({ requests: 4 });
    expect(urls.find((u) => u.item === '/a')).toMatchObject({ requests: 3 });
    // A day only the second host has is the domain's too.
    const nextDay = `${text}\n${logLine(T0 + 86_400_000, 'b.test', { url: '/later' })}`;
    const days = rollUp(sumLines(parseLines(nextDay).lines), () => 1).top.filter((t) => t.item === '/later');
    expect(days).toEqual([expect.objectContaining({ day: '2026-11-22', requests: 1 })]);
  });

  it('keeps, among items asked for as often, those with more bytes, then the first by name', () => {
    // Twice as many paths as are kept, each asked for once: /b<i> with i bytes, then /n<i> with the same bytes.
    const byBytes = Array.from({ length: 2 * TOP_ITEMS_PER_BATCH }, (_, i) =>
      logLine(T0, 'k.test', { url: `/b${i}`, bytes_sent: i }),
    );
    const kept = (text: string[]) =>
      rollUp(sumLines(parseLines(text.join('\n')).lines), () => 1)
        .top.filter((t) => t.kind === 'url')
        .map((t) => t.item)
        .sort();
    expect(kept(byBytes)).toEqual(
      Array.from({ length: TOP_ITEMS_PER_BATCH }, (_, i) => `/b${i + TOP_ITEMS_PER_BATCH}`).sort(),
    );
    const names = Array.from({ length: 2 * TOP_ITEMS_PER_BATCH }, (_, i) => `/n${String(i).padStart(3, '0')}`);
    const sameBytes = names.map((url) => logLine(T0, 'k.test', { url, bytes_sent: 5 }));
    expect(kept(sameBytes.reverse())).toEqual(names.slice(0, TOP_ITEMS_PER_BATCH));
  });
});

describe.each(dbKinds)('rollups on %s', (kind) => {
  let database: Database;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });

  async function newUser(name: string): Promise<number> {
    const [user] = await database.db
      .insert(users)
      .values({ userName: name, email: `${name}@example.test`, passwordHash: 'x' })
      .returning({ id: users.id });
    return user!.id;
  }
  afterAll(() => database.close());

  /**
   * Every stored figure of the account and its two domains, with the domain told by its number (1 or 2) instead of
   * its id.
   */
  async function stored(userId: number, ids: [number, number]) {
    const n = (id: number) => ids.indexOf(id) + 1;
    const account = await database.db
      .select()
      .from(trafficAccountRollups)
      .where(eq(trafficAccountRollups.userId, userId));
    const rollups = await database.db.select().from(trafficRollups).where(inArray(trafficRollups.domainId, ids));
    const codes = await database.db.select().from(trafficStatusCodes).where(inArray(trafficStatusCodes.domainId, ids));
    // The batches' ranking entries wait to be folded into the rankings, as before a ranking is read.
    await foldRankings(database.db);
    const top = await database.db.select().from(trafficTopItems).where(inArray(trafficTopItems.domainId, ids));
    return {
      account: account.map((r) => JSON.stringify({ ...r, userId: 0 })).sort(),
      rollups: rollups.map((r) => JSON.stringify({ ...r, domainId: n(r.domainId) })).sort(),
      codes: codes.map((r) => JSON.stringify({ ...r, domainId: n(r.domainId) })).sort(),
      top: top.map((r) => JSON.stringify({ ...r, domainId: n(r.domainId) })).sort(),
    };
  }

  it('stores the same rollups, peaks and rankings for any split of the same lines into batches', async () => {
    const ingest = createTrafficIngest({ db: database.db, now: () => new Date(T0), rawRetentionDays: 0 });
    const lines = randomLines(42, 400);
    const wholeUser = await newUser('whole');
    const whole: [number, number] = [
      await addDomain(database.db, wholeUser, 'w-1.split.test'),
      await addDomain(database.db, wholeUser, 'w-2.split.test'),
    ];
    await ingest.ingest({ node: 't', text: textOf(lines, 'w') });
    const expected = await stored(wholeUser, whole);
    expect(expected.rollups.length).toBeGreaterThan(20);
    expect(expected.account.length).toBeGreaterThan(10);
    expect(expected.top.length).toBeGreaterThan(10);

    for (const trial of [1, 2, 3, 4]) {
      const prefix = `s${trial}`;
      const userId = await newUser(`split${trial}`);
      const ids: [number, number] = [
        await addDomain(database.db, userId, `${prefix}-1.split.test`),
        await addDomain(database.db, userId, `${prefix}-2.split.test`),
      ];
      for (const batch of randomSplit(lines, trial)) await ingest.ingest({ node: 't', text: textOf(batch, prefix) });
      expect(await stored(userId, ids)).toEqual(expected);
    }
  });

  it('keeps a coarse bucket peak at its largest 5-minute total', async () => {
    const ingest = createTrafficIngest({ db: database.db, now: () => new Date(T0), rawRetentionDays: 0 });
    const id = await addDomain(database.db, await newUser('peak'), 'peak.split.test');
    const at = (minutes: number, bytes: number) =>
      logLine(T0 + minutes * 60_000, 'peak.split.test', { bytes_sent: bytes });
    await ingest.ingest({ node: 't', text: [at(1, 100), at(7, 300)].join('\n') });
    await ingest.ingest({ node: 't', text: [at(2, 250)].join('\n') });
    const day = await database.db
      .select()
      .from(trafficRollups)
      .where(inArray(trafficRollups.domainId, [id]));
    const daily = day.find((r) => r.granularity === '1d')!;
    expect(daily).toMatchObject({ bytes: 650, requests: 3, peakBytes: 350 });
  });
});
