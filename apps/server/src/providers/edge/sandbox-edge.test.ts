import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, dbKinds } from '../../../test/helpers';
import type { Database } from '../../db/connect';
import { createJobRunner } from '../../jobs/runner';
import type { EdgeReport, EdgeSnapshot } from './edge.provider';
import { createSandboxEdge } from './sandbox-edge';

/** The sandbox reads a snapshot's name, version and state only; the configuration is not looked at. */
const snapshot = (domainId: number, domainName: string, version: number, state: EdgeSnapshot['state']) =>
  ({ domainId, domainName, cname: 'c', variant: 'cdn', version, state, config: {} }) as unknown as EdgeSnapshot;

describe.each(dbKinds)('sandbox edge on %s', (kind) => {
  let database: Database;
  const clock = { now: new Date('2026-02-01T00:00:00Z') };
  const now = () => clock.now;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.close());

  function setup() {
    const jobs = createJobRunner(database.db, { now });
    const edge = createSandboxEdge({ jobs, delayMs: 2000, cnameZone: 'cdn.example.net', failPattern: /^bad\./ });
    const reports: EdgeReport[] = [];
    edge.onReport(async (r) => {
      reports.push(r);
    });
    return { jobs, edge, reports };
  }

  it('reports an applied snapshot with its CNAME only after the rollout delay', async () => {
    const { jobs, edge, reports } = setup();
    await edge.apply(snapshot(1, 'www.a.com', 3, 'enabled'));
    expect(await jobs.runDue()).toBe(0);
    clock.now = new Date(clock.now.getTime() + 2000);
    expect(await jobs.runDue()).toBe(1);
    expect(reports).toEqual([
      {
        kind: 'applied',
        domainId: 1,
        domainName: 'www.a.com',
        version: 3,
        state: 'enabled',
        cname: 'www.a.com.cdn.example.net',
      },
    ]);
  });

  it('refuses names matching the fail pattern and reports removals; wildcards get a valid CNAME', async () => {
    const { jobs, edge, reports } = setup();
    await edge.apply(snapshot(2, 'bad.a.com', 1, 'enabled'));
    await edge.apply(snapshot(3, '*.b.com', 1, 'enabled'));
    await edge.remove({ domainId: 4, domainName: 'c.com' });
    clock.now = new Date(clock.now.getTime() + 2000);
    await jobs.runDue();
    expect(reports).toEqual([
      expect.objectContaining({ kind: 'failed', domainId: 2, version: 1, reason: expect.stringContaining('refused') }),
      expect.objectContaining({ kind: 'applied', domainId: 3, cname: 'wildcard.b.com.cdn.example.net' }),
      { kind: 'removed', domainId: 4, domainName: 'c.com' },
    ]);
  });

  it('delivers a report again when the listener fails', async () => {
    const jobs = createJobRunner(database.db, { now });
    const edge = createSandboxEdge({ jobs, delayMs: 0, cnameZone: 'z.net' });
    let calls = 0;
    edge.onReport(async () => {
      calls++;
      if (calls === 1) throw new Error('database busy');
    });
    await edge.apply(snapshot(5, 'd.com', 1, 'disabled'));
    await jobs.runDue();
    expect(calls).toBe(1);
    clock.now = new Date(clock.now.getTime() + 1000);
    await jobs.runDue();
    expect(calls).toBe(2);
  });
});
