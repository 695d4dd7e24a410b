import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, dbKinds } from '../../../test/helpers';
import type { Database } from '../../db/connect';
import { createJobRunner } from '../../jobs/runner';
import type { EdgeReport } from './edge.provider';
import { createSandboxEdge } from './sandbox-edge';

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
    await edge.apply({ domainId: 1, domainName: 'www.a.com', version: 3, state: 'enabled', config: { x: 1 } });
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
    await edge.apply({ domainId: 2, domainName: 'bad.a.com', version: 1, state: 'enabled', config: {} });
    await edge.apply({ domainId: 3, domainName: '*.b.com', version: 1, state: 'enabled', config: {} });
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
    await edge.apply({ domainId: 5, domainName: 'd.com', version: 1, state: 'disabled', config: {} });
    await jobs.runDue();
    expect(calls).toBe(1);
    clock.now = new Date(clock.now.getTime() + 1000);
    await jobs.runDue();
    expect(calls).toBe(2);
  });
});
