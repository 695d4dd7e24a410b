import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from './log';
import { completeLines, LogShipper, type LogShipperOptions } from './log-shipper';
import type { LogPosition } from './state';

let dir: string;
let accessLog: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'edge-logs-'));
  accessLog = path.join(dir, 'access.log');
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const line = (n: number) => `{"time":${n},"host":"a.test","status":200,"bytes_sent":${n}}\n`;
const append = (count: number, from = 0) =>
  fs.appendFileSync(accessLog, Array.from({ length: count }, (_, i) => line(from + i)).join(''));

/** A shipper whose console is a list; `refuse` makes the next posts fail. */
function harness(options: Partial<LogShipperOptions> = {}) {
  const posted: { batchId: string; lines: string[] }[] = [];
  const saved: { position: LogPosition | null } = { position: null };
  const control = { refuse: 0, reopened: 0 };
  const make = () =>
    new LogShipper({
      accessLog,
      batchLines: 3,
      batchMs: 60_000,
      rotateBytes: 1024 * 1024,
      post: async (gzipped, batchId) => {
        if (control.refuse > 0) {
          control.refuse--;
          throw new Error('console down');
        }
        posted.push({ batchId, lines: gunzipSync(gzipped).toString().split('\n').filter(Boolean) });
      },
      reopen: () => control.reopened++,
      load: () => saved.position,
      save: (position) => {
        saved.position = position;
      },
      log: silentLogger,
      ...options,
    });
  return { posted, saved, control, make };
}

describe('access log batches', () => {
  it('counts complete lines only, up to the batch size', () => {
    expect(completeLines(Buffer.from('a\nb\nc'), 10)).toEqual({ lines: 2, bytes: 4 });
    expect(completeLines(Buffer.from('a\nb\nc\n'), 2)).toEqual({ lines: 2, bytes: 4 });
    expect(completeLines(Buffer.from('partial'), 10)).toEqual({ lines: 0, bytes: 0 });
  });

  it('ships full batches at once and the rest when the interval is up', async () => {
    const { posted, saved, make } = harness();
    const shipper = make();
    append(7);
    await shipper.tick();
    expect(posted.map((p) => p.lines.length)).toEqual([3, 3]);
    expect(saved.position?.offset).toBe(fs.statSync(accessLog).size - line(6).length);
    await shipper.tick(true);
    expect(posted.map((p) => p.lines.length)).toEqual([3, 3, 1]);
    expect(new Set(posted.map((p) => p.batchId)).size).toBe(3);
    expect(saved.position).toMatchObject({ offset: fs.statSync(accessLog).size });
    expect(saved.position?.inflightEnd).toBeUndefined();
  });

  it('does not ship a line nginx has not finished', async () => {
    const { posted, make } = harness();
    fs.writeFileSync(accessLog, `${line(0)}{"time":1,"ho`);
    await make().tick(true);
    expect(posted.flatMap((p) => p.lines)).toEqual([line(0).trim()]);
  });

  it('moves on only once the console accepts, and re-posts the same batch under the same id', async () => {
    const { posted, saved, control, make } = harness();
    append(3);
    control.refuse = 1;
    const shipper = make();
    await shipper.tick();
    expect(posted).toEqual([]);
    expect(saved.position).toMatchObject({ offset: 0, inflightEnd: fs.statSync(accessLog).size });
    append(2, 3);
    // A restart: the batch that was in flight goes again byte for byte, then the new lines.
    const restarted = make();
    await restarted.tick(true);
    expect(posted.map((p) => p.lines.length)).toEqual([3, 2]);
    expect(posted[0]!.batchId).toBe(`${saved.position!.fileId}-0`);
  });

  it('rotates a large log once shipped, and ships the rest of the renamed file before the new one', async () => {
    const { posted, saved, control, make } = harness({ rotateBytes: 100 });
    const shipper = make();
    append(3);
    await shipper.tick();
    expect(control.reopened).toBe(1);
    expect(fs.existsSync(`${accessLog}.1`)).toBe(true);
    // nginx writes to the renamed file until it reopens, then to a new one.
    fs.appendFileSync(`${accessLog}.1`, line(3));
    fs.writeFileSync(accessLog, line(4));
    const firstFile = saved.position!.fileId;
    await shipper.tick(true);
    expect(posted.flatMap((p) => p.lines).map((l) => JSON.parse(l).time)).toEqual([0, 1, 2, 3, 4]);
    expect(fs.existsSync(`${accessLog}.1`)).toBe(false);
    expect(saved.position!.fileId).not.toBe(firstFile);
    expect(saved.position!.offset).toBe(line(4).length);
  });

  it('starts over on a log that was truncated', async () => {
    const { posted, make } = harness();
    const shipper = make();
    append(3);
    await shipper.tick();
    fs.writeFileSync(accessLog, line(9));
    await shipper.tick(true);
    expect(posted.map((p) => p.lines.length)).toEqual([3, 1]);
  });
});
