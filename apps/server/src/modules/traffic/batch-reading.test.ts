import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { logLine } from '../../../test/fixtures/traffic';
import { readBatch, splitAtNewlines } from './batch-reading';
import { type PartRead, packPart, readPart } from './log-reader';
import { type PartReader, readingThreads } from './reading-threads';
import { rollUp } from './rollup';

const T0 = Date.UTC(2026, 10, 20, 16);

/** 600 lines over three hosts and two days, every 37th one bad in its own way. */
function batchText(): string {
  const bad = ['not json at all', '{"host":"a.test","status":200,"bytes_sent":1}', '[1,2]'];
  return Array.from({ length: 600 }, (_, i) =>
    i % 37 === 5
      ? bad[i % 3]!
      : logLine(T0 + i * 300_000, ['a.test', 'b.test', 'c.test'][i % 3]!, {
          status: [200, 304, 404, 502][i % 4],
          bytes_sent: i * 10,
          url: `/p${i % 13}`,
          client_ip: `203.0.113.${i % 7}`,
          cache_status: i % 2 ? 'HIT' : 'MISS',
        }),
  ).join('\n');
}

/** What a read counts, comparable whatever the order its maps were filled in. */
function counted(read: PartRead) {
  const rollup = rollUp(read.sums, (host) => ({ 'a.test': 1, 'b.test': 1, 'c.test': 2 })[host]);
  return {
    problems: read.problems,
    rejected: read.rejected,
    total: read.total,
    newlines: read.newlines,
    lines: rollup.lines,
    buckets: rollup.fiveMinute
      .map((b) => `${b.scopeId} ${b.bucketStart} ${b.requests} ${b.bytes} ${b.hits} ${b.status} ${[...b.codes].sort()}`)
      .sort(),
    top: rollup.top.map((t) => `${t.domainId} ${t.day} ${t.kind} ${t.item} ${t.requests} ${t.bytes}`).sort(),
  };
}

/** A reader that hands its parts to `to`, counting them. */
function counting(to: PartReader) {
  const reader = {
    parts: 0,
    read(text: string, shown: number) {
      reader.parts++;
      return to.read(text, shown);
    },
  };
  return reader;
}

describe('reading a batch', () => {
  it('cuts a text at newlines into parts that join back to it', () => {
    const text = batchText();
    for (const parts of [1, 2, 3, 7]) {
      const pieces = splitAtNewlines(text, parts);
      expect(pieces).toHaveLength(parts);
      expect(pieces.join('')).toBe(text);
      for (const piece of pieces.slice(0, -1)) expect(piece.endsWith('\n')).toBe(true);
    }
    // About the same length each: no piece longer than its share and a line.
    const longest = Math.max(...text.split('\n').map((line) => line.length + 1));
    for (const piece of splitAtNewlines(text, 3)) expect(piece.length).toBeLessThanOrEqual(text.length / 3 + longest);
    expect(splitAtNewlines('one line only', 2)).toEqual(['one line only']);
    expect(splitAtNewlines('a\nb', 4)).toEqual(['a\n', 'b']);
  });

  it('reads a big batch in parts on the reading threads and answers what reading it whole answers', async () => {
    const text = batchText();
    const whole = counted(readPart(text, 10));
    expect(whole.rejected).toBe(17);
    expect(whole.problems).toHaveLength(10);
    const thread = readingThreads()[0] ?? { read: async (t: string, n: number) => packPart(readPart(t, n)) };
    // One thread twice: three parts, two of them queued on the same thread, put together in order.
    const helpers = [counting(thread), counting(thread)];
    const failures: unknown[] = [];
    for (const problemsShown of [10, 30]) {
      const parts = await readBatch(text, {
        helpers,
        splitFrom: 0,
        problemsShown,
        onHelperFailure: (error) => failures.push(error),
      });
      expect(counted(parts)).toEqual(counted(readPart(text, problemsShown)));
    }
    expect(helpers.map((h) => h.parts)).toEqual([2, 2]);
    expect(failures).toEqual([]);
  });

  // A machine of one core has no reading thread.
  it.skipIf(availableParallelism() < 2)(
    'answers each part of a reading thread its own read; a part it cannot read fails that read only',
    async () => {
      const thread = readingThreads()[0]!;
      const text = batchText();
      const [first, second] = splitAtNewlines(text, 2);
      const unreadable = thread.read(42 as never, 10);
      const reads = [thread.read(second!, 10), thread.read(first!, 30)];
      await expect(unreadable).rejects.toThrow(/indexOf/);
      const [b, a] = await Promise.all(reads);
      expect(b).toEqual(packPart(readPart(second!, 10)));
      expect(a).toEqual(packPart(readPart(first!, 30)));
    },
  );

  it('reads a small batch on the calling thread', async () => {
    const helper = counting({ read: async (t, n) => packPart(readPart(t, n)) });
    const text = batchText();
    const read = await readBatch(text, { helpers: [helper], splitFrom: text.length + 1 });
    expect(counted(read)).toEqual(counted(readPart(text, 10)));
    expect(helper.parts).toBe(0);
    await readBatch(text, { helpers: [helper], splitFrom: text.length });
    expect(helper.parts).toBe(1);
  });

  it('numbers lines from 1, empty ones counted, the last one without its newline too', () => {
    const good = logLine(T0, 'a.test');
    expect(readPart(`${good}\n\nnot json\n${good}\n[1]`, 10).problems).toEqual([
      { line: 3, problem: 'not JSON' },
      { line: 5, problem: 'not a JSON object' },
    ]);
  });

  it('reads the part of a thread that failed here whether or not anyone is told', async () => {
    const text = batchText();
    const read = await readBatch(text, { helpers: [{ read: () => Promise.reject(new Error('gone')) }], splitFrom: 0 });
    expect(counted(read)).toEqual(counted(readPart(text, 10)));
  });

  it('reads the part of a thread that failed here, and says so', async () => {
    const failures: unknown[] = [];
    const gone = new Error('the reading thread exited (code 1)');
    const text = batchText();
    const read = await readBatch(text, {
      helpers: [{ read: () => Promise.reject(gone) }],
      splitFrom: 0,
      onHelperFailure: (error) => failures.push(error),
    });
    expect(counted(read)).toEqual(counted(readPart(text, 10)));
    expect(failures).toEqual([gone]);
  });
});
