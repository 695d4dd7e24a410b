import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { snapshotOf } from '../test/snapshots';
import { mergeReports, readState, SnapshotStore, writeState } from './state';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'edge-state-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('the state file', () => {
  it('starts empty and reads back what was written, leaving no temporary file', () => {
    const file = path.join(dir, 'state.json');
    expect(readState(file)).toEqual({
      cursor: 0,
      tasksCursor: null,
      log: null,
      pendingReports: [],
      pendingCacheReports: [],
    });
    const state = {
      cursor: 7,
      tasksCursor: 3,
      log: { fileId: 'abc', inode: 12, offset: 400, inflightEnd: 900 },
      pendingReports: [{ domainId: 1, version: 2, result: 'applied' as const }],
      pendingCacheReports: [{ taskId: 3, results: [{ url: 'http://a.test/', ok: true }] }],
    };
    writeState(file, state);
    expect(readState(file)).toEqual(state);
    expect(fs.readdirSync(dir)).toEqual(['state.json']);
  });
});

describe('the last good snapshots', () => {
  it('are kept one file per domain, readable by the owner only', () => {
    const store = new SnapshotStore(path.join(dir, 'snapshots'));
    const a = snapshotOf({ domainId: 1, domainName: 'a.test', version: 3, originPort: 8000 });
    const b = snapshotOf({ domainId: 2, domainName: 'b.test', version: 1, originPort: 8000, state: 'disabled' });
    store.save(a);
    store.save(b);
    store.remove(2);
    expect([...new SnapshotStore(store.dir).loadAll().values()]).toEqual([a]);
    expect(fs.statSync(store.dir).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.join(store.dir, '1.json')).mode & 0o777).toBe(0o600);
  });

  it('set a file that does not parse aside instead of failing the boot', () => {
    const store = new SnapshotStore(path.join(dir, 'snapshots'));
    fs.writeFileSync(path.join(store.dir, '5.json'), '{"domainId":5');
    expect(store.loadAll().size).toBe(0);
    expect(fs.readdirSync(store.dir)).toEqual(['5.json.bad']);
  });
});

describe('pending reports', () => {
  it('keep the newest report of each domain', () => {
    const merged = mergeReports(
      [
        { domainId: 1, version: 1, result: 'failed', reason: 'x' },
        { domainId: 2, version: 4, result: 'applied' },
      ],
      [{ domainId: 1, version: 2, result: 'applied' }],
    );
    expect(merged).toEqual([
      { domainId: 1, version: 2, result: 'applied' },
      { domainId: 2, version: 4, result: 'applied' },
    ]);
  });
});
