import { EdgeDomainConfigSchema } from '@edgeward/edge-config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, dbKinds } from '../../../test/helpers';
import type { Database } from '../../db/connect';
import { cacheTasks, users } from '../../db/schema';
import { sampleDomainConfig } from '../../modules/domain/domain.bench-support';
import { createSecretBox } from '../../secrets/secret-box';
import type { EdgeCacheReport, EdgeSnapshot } from './edge.provider';
import { createNginxEdge } from './nginx-edge';

const stored = sampleDomainConfig('web');
const config = EdgeDomainConfigSchema.parse({
  ...stored,
  httpsConfig: { forceHttps: 'off', http2: 'off', certificatePem: null, privateKeyPem: null },
});

const snapshot = (domainId: number, version: number, state: EdgeSnapshot['state'] = 'enabled'): EdgeSnapshot => ({
  domainId,
  domainName: `d${domainId}.example.com`,
  cname: `d${domainId}.example.com.cdn.example.net`,
  variant: 'cdn',
  version,
  state,
  config,
});

describe.each(dbKinds)('the nginx edge feed on %s', (kind) => {
  let database: Database;
  const box = createSecretBox(Buffer.alloc(32, 7));
  const now = () => new Date('2026-02-01T00:00:00Z');

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.close());

  const edgeOn = () => createNginxEdge({ db: database.db, box, cnameZone: 'cdn.example.net', now });
  const never = new AbortController().signal;

  it('answers an empty feed with cursor 1, and a cursor from another database with everything', async () => {
    const edge = edgeOn();
    expect(await edge.feed({ since: 0, waitSeconds: 0 }, never)).toEqual({
      cursor: 1,
      full: true,
      snapshots: [],
      tasksCursor: 0,
      tasks: [],
    });
    await edge.apply(snapshot(1, 1));
    const ahead = await edge.feed({ since: 1_000_000, waitSeconds: 0 }, never);
    expect(ahead).toMatchObject({ full: true, snapshots: [{ domainId: 1, version: 1 }] });
  });

  it('keeps the newest version: a late publish of an older one, or the same again, changes nothing', async () => {
    const edge = edgeOn();
    await edge.apply(snapshot(2, 3));
    const { cursor } = await edge.feed({ since: 0, waitSeconds: 0 }, never);
    await edge.apply(snapshot(2, 2));
    await edge.apply(snapshot(2, 3));
    expect((await edge.feed({ since: cursor, waitSeconds: 0 }, never)).snapshots).toEqual([]);
    await edge.apply(snapshot(2, 3, 'disabled'));
    expect((await edge.feed({ since: cursor, waitSeconds: 0 }, never)).snapshots).toMatchObject([
      { domainId: 2, version: 3, state: 'disabled' },
    ]);
  });

  /**
   * A signal that also tells when the call has read the feed, found nothing and begun to wait: the wait listens to
   * the signal. The steps below start then, not after a sleep that hopes the call got there.
   */
  const waitingCall = () => {
    const abort = new AbortController();
    const listen = abort.signal.addEventListener.bind(abort.signal);
    const waiting = new Promise<void>((resolve) => {
      abort.signal.addEventListener = (...args: Parameters<AbortSignal['addEventListener']>) => {
        listen(...args);
        resolve();
      };
    });
    return { signal: abort.signal, abort: () => abort.abort(), waiting };
  };
  // Longer than the test's timeout: a call answers only by what the test is about, never by its deadline.
  const longWait = 600;

  it('answers a waiting call as soon as a change is published in this process', async () => {
    // Its own rechecks come only after the test's timeout: the wake-up alone can answer.
    const edge = createNginxEdge({ db: database.db, box, cnameZone: 'cdn.example.net', now, recheckMs: 600_000 });
    const { cursor } = await edge.feed({ since: 0, waitSeconds: 0 }, never);
    const call = waitingCall();
    const answer = edge.feed({ since: cursor, waitSeconds: longWait }, call.signal);
    await call.waiting;
    await edge.apply(snapshot(4, 1));
    expect((await answer).snapshots).toMatchObject([{ domainId: 4, version: 1 }]);
  });

  it("sees another console process's change by reading the feed again (no in-process wake-up)", async () => {
    const writer = edgeOn();
    const reader = edgeOn();
    const { cursor } = await reader.feed({ since: 0, waitSeconds: 0 }, never);
    const call = waitingCall();
    const answer = reader.feed({ since: cursor, waitSeconds: longWait }, call.signal);
    await call.waiting;
    await writer.apply(snapshot(3, 1));
    expect((await answer).snapshots).toMatchObject([{ domainId: 3 }]);
  });

  it('lets go of a waiting call when its agent leaves or the server shuts down', async () => {
    const edge = edgeOn();
    const { cursor } = await edge.feed({ since: 0, waitSeconds: 0 }, never);
    const leaving = waitingCall();
    const left = edge.feed({ since: cursor, waitSeconds: longWait }, leaving.signal);
    await leaving.waiting;
    leaving.abort();
    expect((await left).snapshots).toEqual([]);
    const stopping = waitingCall();
    const stopped = edge.feed({ since: cursor, waitSeconds: longWait }, stopping.signal);
    await stopping.waiting;
    edge.releaseWaiters();
    expect((await stopped).snapshots).toEqual([]);
  });

  it("hands the first node's cache report on in the task's order; a URL left out failed", async () => {
    const edge = edgeOn();
    const reports: EdgeCacheReport[] = [];
    edge.onCacheReport(async (r) => {
      reports.push(r);
    });
    const [user] = await database.db
      .insert(users)
      .values({ userName: 'edge-tasks', email: 'edge-tasks@example.com', passwordHash: 'x' })
      .returning();
    const [task] = await database.db
      .insert(cacheTasks)
      .values({ userId: user!.id, type: 'refreshUrl', status: 'processing', urlCount: 2 })
      .returning();
    const taskId = task!.id;
    const urls = ['http://a.example.com/1.css', 'http://a.example.com/2.css'];
    const { tasksCursor } = await edge.feed({ since: 0, waitSeconds: 0 }, never);
    await edge.runCacheTask({ taskId, type: 'refreshUrl', urls });
    await edge.runCacheTask({ taskId, type: 'refreshUrl', urls });
    const { tasks } = await edge.feed({ since: 0, tasksSince: tasksCursor, waitSeconds: 0 }, never);
    expect(tasks).toEqual([{ taskId: tasksCursor + 1, type: 'refreshUrl', urls }]);

    const feedTaskId = tasks[0]!.taskId;
    expect(await edge.deliverCacheReport('n1', { taskId: feedTaskId, results: [{ url: urls[1]!, ok: true }] })).toBe(
      true,
    );
    expect(await edge.deliverCacheReport('n2', { taskId: feedTaskId, results: [] })).toBe(false);
    expect(await edge.deliverCacheReport('n2', { taskId: 999_999, results: [] })).toBe(false);
    expect(reports).toEqual([
      {
        taskId,
        results: [
          { url: urls[0], ok: false, reason: 'The edge node reported no result for this URL' },
          { url: urls[1], ok: true },
        ],
      },
    ]);
  });
});
