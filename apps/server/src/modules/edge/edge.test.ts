import { defaultEoSecurityExtras } from '@edgeward/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPki, type TestPki } from '../../../test/fixtures/certificates';
import { createDomainHarness, type DomainHarness } from '../../../test/fixtures/domains';
import { operatorCommand } from '../../../test/fixtures/operator';
import type { TestUser } from '../../../test/fixtures/users';
import { createTestContext, dbKinds } from '../../../test/helpers';
import { rowsOf } from '../../db/migrate';
import { setCdnTypeById } from '../account/cdn-type';

const CONFIGURED_TOKEN = 'configured-node-token-0123456789';

describe.each(dbKinds)('the nginx edge feed on %s', (kind) => {
  let h: DomainHarness;
  let pki: TestPki;
  let owner: TestUser;
  let token: string;
  let domainId: number;
  let cursor: number;
  let tasksCursor: number;
  const name = 'www.edge-feed.test';

  beforeAll(async () => {
    pki = createTestPki();
    h = await createDomainHarness(kind, { EDGE: 'nginx', EDGE_NODE_TOKENS: `legacy:${CONFIGURED_TOKEN}` });
    owner = await h.user();
  });
  afterAll(async () => {
    await h.close();
    pki.cleanup();
  });

  const agent = async (method: 'GET' | 'POST', url: string, payload?: object, bearer = token) => {
    const res = await h.ctx.app.inject({
      method,
      url: `/api/edge/agent/${url}`,
      headers: { authorization: `Bearer ${bearer}` },
      ...(payload ? { payload } : {}),
    });
    return { status: res.statusCode, body: res.json() };
  };
  const feed = async (query: string) => {
    const res = await agent('GET', `feed?${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  const report = (reports: object[], bearer?: string) => agent('POST', 'reports', { reports }, bearer);
  const detail = async () => (await h.call(owner, 'GET', `/domain/${domainId}/detail`)).body.data;
  const runJobs = () => h.ctx.app.jobs.runDue();

  it('issues a node whose token is shown once and stored only as its SHA-256; the node registers', async () => {
    const issued = await operatorCommand(h.ctx.app, 'edge', 'node', 'add', 'edge-1');
    expect(issued.code, issued.err).toBe(0);
    token = issued.out.split('\n').at(-1)!;
    expect(token).toMatch(/^[\w-]{43}$/);
    const stored = rowsOf<{ hash: string }>(
      await h.ctx.database.db.execute(sql`SELECT token_sha256 AS hash FROM edge_nodes WHERE name = 'edge-1'`),
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]!.hash).not.toContain(token);
    expect((await operatorCommand(h.ctx.app, 'edge', 'node', 'add', 'edge-1')).code).not.toBe(0);

    const registered = await agent('POST', 'register', {
      hostname: 'edge-host-1',
      agentVersion: '0.1.0',
      nginxVersion: '1.22.1',
    });
    expect(registered).toMatchObject({
      status: 200,
      body: { data: { node: 'edge-1', resyncSeconds: 300, longPollSeconds: 25 } },
    });
    const list = await operatorCommand(h.ctx.app, 'edge', 'node', 'list');
    expect(list.out).toMatch(/^edge-1: last seen \S+Z, host edge-host-1 agent 0\.1\.0, nginx 1\.22\.1; behind on 0/m);
  });

  it("holds a created domain's snapshot in the full feed; the status waits for the node's report", async () => {
    const created = await h.create(owner, name, {
      origin: { ipOrDomain: ['127.0.0.1'], httpPort: h.origin.port, verifyCertificate: 'on' },
    });
    expect(created.statusCode, created.text).toBe(200);
    domainId = created.body.data.id;
    await runJobs();

    const full = await feed('since=0');
    expect(full.full).toBe(true);
    expect(full.snapshots).toEqual([
      expect.objectContaining({
        domainId,
        domainName: name,
        cname: `${name}.cdn.edgeward.net`,
        variant: 'cdn',
        state: 'enabled',
        version: 1,
        config: expect.objectContaining({
          sources: [
            expect.objectContaining({ ipOrDomain: ['127.0.0.1'], httpPort: h.origin.port, verifyCertificate: 'on' }),
          ],
          httpsConfig: { forceHttps: 'off', http2: 'off', certificatePem: null, privateKeyPem: null },
        }),
      }),
    ]);
    // The edge-platform extras belong to eo domains only.
    expect(full.snapshots[0].config).not.toHaveProperty('eoSecurity');
    expect(full.tasks).toEqual([]);
    cursor = full.cursor;
    tasksCursor = full.tasksCursor;
    expect(cursor).toBeGreaterThan(1);
    expect((await detail()).status).toBe('creating');
    const behind = (await operatorCommand(h.ctx.app, 'edge', 'node', 'list')).out;
    expect(behind).toMatch(/^edge-1: .*; behind on 1 domain\(s\), 0 failed$/m);
    expect(behind).toMatch(/^legacy \(EDGE_NODE_TOKENS\): behind on 1 domain\(s\), 0 failed$/m);

    // Nothing new: the answer waits for nothing with waitSeconds=0.
    expect(await feed(`since=${cursor}&tasksSince=${tasksCursor}`)).toMatchObject({
      cursor,
      full: false,
      snapshots: [],
      tasks: [],
    });

    expect(await report([{ domainId, version: 1, result: 'applied' }])).toMatchObject({
      status: 200,
      body: { data: { accepted: 1 } },
    });
    expect(await detail()).toMatchObject({ status: 'enabled', cname: `${name}.cdn.edgeward.net` });
    // The same report again changes nothing; one about a domain the feed never held is ignored.
    expect((await report([{ domainId, version: 1, result: 'applied' }])).body.data.accepted).toBe(1);
    expect((await report([{ domainId: 999_999, version: 1, result: 'applied' }])).body.data.accepted).toBe(0);
    expect((await operatorCommand(h.ctx.app, 'edge', 'node', 'list')).out).toMatch(/^edge-1: .*; behind on 0 domain/m);
  });

  it('answers a long poll started before a save as soon as the save is published, with only that domain', async () => {
    const waiting = feed(`since=${cursor}&tasksSince=${tasksCursor}&waitSeconds=20`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const leaf = pki.issue([name]);
    const saved = await h.call(owner, 'POST', `/domain/config/${domainId}/https-info`, {
      https: 'on',
      http2: 'on',
      certificate: { name: 'edge cert', certificate: leaf.chain, privateKey: leaf.key },
    });
    expect(saved.statusCode, saved.text).toBe(200);
    await runJobs();
    // The poll ends with the change; that a change ends it at once, not its deadline, is nginx-edge.test.ts's test.
    const changed = await waiting;
    expect(changed.full).toBe(false);
    expect(changed.snapshots).toHaveLength(1);
    expect(changed.snapshots[0]).toMatchObject({
      domainId,
      version: 2,
      state: 'enabled',
      config: { https: 'on', httpsConfig: { http2: 'on', forceHttps: 'off' } },
    });
    expect(changed.snapshots[0].config.httpsConfig.certificatePem).toContain('BEGIN CERTIFICATE');
    expect(changed.snapshots[0].config.httpsConfig.privateKeyPem).toContain('PRIVATE KEY');
    expect(changed.cursor).toBeGreaterThan(cursor);
    cursor = changed.cursor;

    // The feed table holds the configuration sealed: no key, no certificate in the clear.
    const [row] = rowsOf<{ sealed: string }>(
      await h.ctx.database.db.execute(sql`SELECT sealed_config AS sealed FROM edge_snapshots`),
    );
    expect(row!.sealed).toMatch(/^v1:/);
    expect(row!.sealed).not.toContain('PRIVATE KEY');
    expect(row!.sealed).not.toContain('BEGIN CERTIFICATE');

    expect((await report([{ domainId, version: 2, result: 'applied' }])).status).toBe(200);
    expect((await detail()).status).toBe('enabled');
  });

  it("carries a preheat task to the nodes; the first node's report is the task's result", async () => {
    const submitted = await h.call(owner, 'POST', '/preheat/tasks', { type: 'preheat', urls: [`${name}/logo.png`] });
    expect(submitted.statusCode, submitted.text).toBe(200);
    await runJobs();
    const withTask = await feed(`since=${cursor}&tasksSince=${tasksCursor}`);
    expect(withTask.snapshots).toEqual([]);
    expect(withTask.tasks).toEqual([
      { taskId: withTask.tasksCursor, type: 'preheat', urls: [`http://${name}/logo.png`] },
    ]);
    tasksCursor = withTask.tasksCursor;

    const cacheReport = (ok: boolean, bearer?: string) =>
      agent(
        'POST',
        'cache-reports',
        { taskId: tasksCursor, results: [{ url: `http://${name}/logo.png`, ok, reason: ok ? undefined : 'timeout' }] },
        bearer,
      );
    expect((await cacheReport(true)).body.data).toEqual({ recorded: true });
    expect((await cacheReport(false, CONFIGURED_TOKEN)).body.data).toEqual({ recorded: false });
    const task = await h.call(owner, 'GET', `/preheat/tasks/${submitted.body.data.id}`);
    expect(task.body.data).toMatchObject({ status: 'success', failedCount: 0 });
    expect(task.body.data.urls).toEqual([{ url: `http://${name}/logo.png`, status: 'success', reason: null }]);
  });

  it("makes the domain abnormal on any node's failure of the current version, and tells the customer", async () => {
    await h.call(owner, 'POST', `/domain/config/${domainId}/compression`, { gzip: 'on', brotli: 'on' });
    await runJobs();
    const changed = await feed(`since=${cursor}`);
    expect(changed.snapshots).toMatchObject([{ domainId, version: 3, config: { compress: { brotli: 'on' } } }]);
    cursor = changed.cursor;
    // The configured node (EDGE_NODE_TOKENS) applies it first, then the issued one fails it.
    await report([{ domainId, version: 3, result: 'applied' }], CONFIGURED_TOKEN);
    expect((await detail()).status).toBe('enabled');
    const reason = 'nginx: [emerg] unknown directive "brotli" in www.edge-feed.test.conf:12';
    await report([{ domainId, version: 3, result: 'failed', reason }]);
    expect(await detail()).toMatchObject({ status: 'abnormal', statusReason: reason });
    const notices = await h.call(owner, 'GET', '/notice/all');
    expect(notices.body.data.list).toEqual([expect.objectContaining({ kind: 'domain' })]);
    expect((await operatorCommand(h.ctx.app, 'edge', 'node', 'list')).out).toMatch(/^edge-1: .*1 failed$/m);
  });

  it('removes a deleted domain: removed in the feed, gone once a node reports the removal', async () => {
    expect((await h.call(owner, 'POST', '/domain/disable', { id: domainId })).statusCode).toBe(200);
    await runJobs();
    const disabled = await feed(`since=${cursor}`);
    expect(disabled.snapshots).toMatchObject([{ domainId, state: 'disabled', version: 4 }]);
    await report([{ domainId, version: 4, result: 'applied' }]);
    expect((await detail()).status).toBe('disabled');

    expect((await h.call(owner, 'POST', '/domain/delete', { id: domainId })).statusCode).toBe(200);
    await runJobs();
    const removed = await feed(`since=${disabled.cursor}`);
    expect(removed.snapshots).toEqual([
      {
        domainId,
        domainName: name,
        cname: `${name}.cdn.edgeward.net`,
        variant: 'cdn',
        version: 5,
        state: 'removed',
        config: null,
      },
    ]);
    expect((await feed('since=0')).snapshots).toEqual([]);
    expect((await detail())?.status).toBe('deleting');
    await report([{ domainId, version: 5, result: 'removed' }]);
    expect((await h.call(owner, 'GET', `/domain/${domainId}/detail`)).statusCode).toBe(404);
    // Another node's removal later is accepted (the feed still holds the removal) and changes nothing.
    expect((await report([{ domainId, version: 5, result: 'removed' }], CONFIGURED_TOKEN)).status).toBe(200);
  });

  it("gives an edge-platform domain's snapshot its security extras", async () => {
    const eoUser = await h.user();
    await setCdnTypeById(h.ctx.database.db, eoUser.id, 'eo', new Date());
    const eoName = 'www.edge-eo.test';
    await h.verify(eoUser, eoName);
    const created = await h.call(eoUser, 'POST', '/eo/domain', {
      domainName: eoName,
      type: 'web',
      origin: { ipOrDomain: ['127.0.0.1'], httpPort: h.origin.port },
    });
    expect(created.statusCode, created.text).toBe(200);
    await runJobs();
    const full = await feed('since=0');
    expect(full.snapshots).toEqual([
      expect.objectContaining({
        domainName: eoName,
        variant: 'eo',
        // Never saved: every extra is off.
        config: expect.objectContaining({ eoSecurity: defaultEoSecurityExtras }),
      }),
    ]);

    // A console switched from the sandbox has an empty feed: republishing fills it.
    await h.ctx.database.db.execute(sql`DELETE FROM edge_snapshots`);
    expect((await feed('since=0')).snapshots).toEqual([]);
    const republished = await operatorCommand(h.ctx.app, 'edge', 'republish');
    expect(republished.out).toMatch(/^1 domain\(s\) queued/);
    await runJobs();
    expect((await feed('since=0')).snapshots).toMatchObject([{ domainName: eoName, variant: 'eo', version: 1 }]);
  });

  it('refuses a bad or revoked token on every agent call and on the log intake; issued tokens post logs', async () => {
    const logs = (bearer: string) =>
      h.ctx.app.inject({
        method: 'POST',
        url: '/api/edge/logs',
        headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/x-ndjson' },
        payload: '',
      });
    expect((await logs(token)).statusCode).toBe(200);
    expect((await logs(CONFIGURED_TOKEN)).statusCode).toBe(200);

    const calls = async (bearer: string) => [
      (await agent('POST', 'register', { hostname: 'h', agentVersion: '1' }, bearer)).status,
      (await agent('GET', 'feed?since=0', undefined, bearer)).status,
      (await report([{ domainId: 1, version: 1, result: 'applied' }], bearer)).status,
      (await agent('POST', 'cache-reports', { taskId: 1, results: [] }, bearer)).status,
      (await logs(bearer)).statusCode,
    ];
    expect(await calls('not-a-token-of-any-node-at-all')).toEqual([401, 401, 401, 401, 401]);
    const revoked = await operatorCommand(h.ctx.app, 'edge', 'node', 'revoke', 'edge-1');
    expect(revoked.code, revoked.err).toBe(0);
    expect(await calls(token)).toEqual([401, 401, 401, 401, 401]);
    const bad = await agent('GET', 'feed?since=0');
    expect(bad.body).toMatchObject({ error: 'UNAUTHORIZED', message: 'Unknown edge node token' });
    expect((await operatorCommand(h.ctx.app, 'edge', 'node', 'list')).out).toMatch(/^edge-1 \(revoked /m);
  });
});

describe.each(dbKinds)('the sandbox edge stays the default on %s', (kind) => {
  it('answers the agent calls with a clear conflict', async () => {
    const ctx = await createTestContext(kind);
    try {
      expect(ctx.config.edge.kind).toBe('sandbox');
      expect(ctx.app.areaContext.providers.edge.name).toBe('sandbox');
      const issued = await operatorCommand(ctx.app, 'edge', 'node', 'add', 'edge-1');
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/edge/agent/feed?since=0',
        headers: { authorization: `Bearer ${issued.out.split('\n').at(-1)}` },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        error: 'CONFLICT',
        message: 'This console runs the sandbox edge (EDGE=sandbox); edge agents need EDGE=nginx',
      });
    } finally {
      await ctx.close();
    }
  });
});
