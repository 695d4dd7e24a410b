import { DomainConfigSchema } from '@edgeward/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, dbKinds, type TestContext } from '../../test/helpers';
import { buildApp } from '../app';
import { users } from '../db/schema';
import { areas } from '.';
import { startDemoAccount } from './demo-account';

describe.each(dbKinds)('the demo account on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(() => ctx.close());

  const login = () =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { userName: 'demo', password: 'demo123456' },
    });

  it('is not created when demo is off (production, or beyond loopback without DEMO=true)', async () => {
    expect(ctx.config.demo).toBe(false);
    expect(await startDemoAccount(ctx.app.areaContext, areas)).toBeNull();
    expect(await ctx.database.db.select().from(users).where(eq(users.userName, 'demo'))).toEqual([]);
  });

  it('is created once with sample domains in every state a customer meets, labelled as sample data', async () => {
    const demoCtx = { ...ctx.app.areaContext, config: { ...ctx.config, demo: true } };
    expect(await startDemoAccount(demoCtx, areas)).toEqual(expect.any(Number));
    expect(await startDemoAccount(demoCtx, areas)).toBeNull();

    const res = await login();
    expect(res.statusCode).toBe(200);
    const headers = { authorization: res.json().data.token };
    const list = (await ctx.app.inject({ method: 'GET', url: '/api/domain/list?page=1&size=50', headers })).json().data;
    expect(list.total).toBe(6);
    const byName = Object.fromEntries(list.list.map((d: { domainName: string }) => [d.domainName, d]));
    expect(Object.values(byName).every((d) => (d as { sample: boolean }).sample)).toBe(true);
    expect(
      Object.fromEntries(Object.entries(byName).map(([name, d]) => [name, (d as { status: string }).status])),
    ).toEqual({
      'www.example.com': 'enabled',
      'static.example.com': 'enabled',
      'download.example.com': 'disabled',
      'video.example.com': 'configuring',
      'img.example.com': 'abnormal',
      'api.example.com': 'under_review',
    });
    expect(byName['www.example.com'].cname).toBe('www.example.com.cdn.edgeward.net');
    expect(byName['api.example.com'].cname).toBe('');

    // The showcase's settings are a valid document with something on every tab.
    const id = byName['www.example.com'].id;
    const config = (await ctx.app.inject({ method: 'GET', url: `/api/domain/config/${id}`, headers })).json().data;
    expect(DomainConfigSchema.safeParse(config).success).toBe(true);
    expect(config.cacheConfig.rules.length).toBeGreaterThan(1);
    expect(config.requestLimits.status).toBe('on');
    expect(config.urlAuth.status).toBe('on');
    expect(config.httpResponseHeader.headers.length).toBeGreaterThan(0);

    // Verified with a sample identity, masked like any other.
    const realName = (await ctx.app.inject({ method: 'GET', url: '/api/real-name', headers })).json().data;
    expect(realName).toMatchObject({
      verified: true,
      sample: true,
      identity: { realName: '演**户', idNumber: '1****************X' },
    });

    // The apex is verified, so the demo account can add a name under it straight away.
    const record = await ctx.app.inject({
      method: 'GET',
      url: '/api/domain/query-create-verify-record?domainName=new.example.com',
      headers,
    });
    expect(record.json().data.verified).toBe(true);
    const abnormal = (
      await ctx.app.inject({ method: 'GET', url: `/api/domain/${byName['img.example.com'].id}/detail`, headers })
    ).json().data;
    expect(abnormal.statusReason).toMatch(/edge nodes could not apply/);

    // Sample certificates in each validity the list tells apart, named as samples, none deployed.
    const certificates = (
      await ctx.app.inject({ method: 'GET', url: '/api/certificate/list?page=1&size=50', headers })
    ).json().data;
    expect(
      certificates.list.map((c: { name: string; validity: string; deployedDomains: unknown[] }) => [
        c.name,
        c.validity,
        c.deployedDomains.length,
      ]),
    ).toEqual([
      ['sample-wildcard', 'valid', 0],
      ['sample-static', 'expiring', 0],
      ['sample-expired', 'expired', 0],
    ]);
    const covering = await ctx.app.inject({
      method: 'GET',
      url: '/api/certificate/list?covers=www.example.com',
      headers,
    });
    expect(covering.json().data.list.map((c: { name: string }) => c.name)).toEqual(['sample-wildcard']);

    // Packages tell one story with the messages: the add-on the expiry warning names is held, so its switch works,
    // and the edge platform has its plan.
    const get = async (url: string) => (await ctx.app.inject({ method: 'GET', url: `/api${url}`, headers })).json();
    const cdnPackages = (await get('/user/my_plan')).data as { name: string; state: string }[];
    expect(cdnPackages.map((p) => [p.name, p.state])).toEqual(
      expect.arrayContaining([
        ['Traffic 1 TB', 'active'],
        ['WebSocket add-on', 'expiring'],
      ]),
    );
    expect(((await get('/user/eo/my-plan')).data as { name: string }[]).map((p) => p.name)).toEqual([
      'Edge platform Basic',
    ]);
    // The hourly expiry run warns of the add-on as it would of anyone's, once.
    await ctx.app.schedules.tick();
    await ctx.app.jobs.runDue();
    await ctx.app.schedules.tick();
    await ctx.app.jobs.runDue();
    const messages = (await get('/notice/all?page=0&size=20')).data.list as { title: string }[];
    expect(messages.filter((m) => m.title === 'Package WebSocket add-on expires soon')).toHaveLength(1);
    const websocket = await ctx.app.inject({
      method: 'POST',
      url: `/api/domain/config/${id}/websocket`,
      headers,
      payload: { websocket: 'on' },
    });
    expect(websocket.json()).toMatchObject({ code: 200 });

    // The applications and preheat screens open with a history, none of it counted in today's quota.
    const applications = (await get('/certificate/order/list?page=1&size=20')).data.list as {
      domainNames: string[];
      status: string;
      certificateId: number | null;
    }[];
    expect(applications.map((a) => [a.domainNames[0], a.status, a.certificateId !== null])).toEqual([
      ['shop.example.com', 'failed', false],
      ['*.example.com', 'completed', true],
    ]);
    const tasks = (await get('/preheat/tasks?page=1&size=20')).data.list as { type: string; status: string }[];
    expect(tasks.map((task) => [task.type, task.status])).toEqual([
      ['preheat', 'failed'],
      ['refreshDir', 'success'],
      ['refreshUrl', 'success'],
    ]);
    const quota = (await get('/preheat/quota')).data;
    expect([quota.refreshUrl.used, quota.refreshDir.used, quota.preheat.used]).toEqual([0, 0, 0]);
  });

  it('gives the operator console a demo admin without two-factor and an item in each of its queues', async () => {
    const demoCtx = { ...ctx.app.areaContext, config: { ...ctx.config, demo: true } };
    await startDemoAccount(demoCtx, areas);
    const demoApp = await buildDemoApp();
    try {
      const signIn = await demoApp.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { userName: 'admin', password: 'admin123456' },
      });
      const headers = { authorization: signIn.json().data.token };
      const get = async (url: string) => (await demoApp.inject({ method: 'GET', url: `/api${url}`, headers })).json();
      const dashboard = (await get('/admin/dashboard')).data;
      expect(dashboard.tickets.waiting).toBeGreaterThan(0);
      expect(dashboard.bankTransfersWaiting).toBe(1);
      expect(dashboard.reviews.wholeSiteDomains).toBe(1);
      expect((await get('/admin/transfers')).data.list).toHaveLength(1);
      expect((await get('/admin/reviews/domains')).data.map((d: { domainName: string }) => d.domainName)).toEqual([
        'api.example.com',
      ]);
      const waiting = (await get('/admin/reviews/real-name')).data.list;
      expect(waiting.map((r: { userName: string }) => r.userName)).toEqual(['demo-applicant']);
      expect(waiting[0].submission).toMatchObject({ realName: '李*', faceCheck: 'failed' });
      // The edge desk: a sample node heard from a minute before the demo was made, and its failure on the abnormal
      // sample domain with nginx's message; no token of it exists anywhere to sign in with.
      const nodes = (await get('/admin/edge/nodes')).data;
      expect(nodes).toEqual([
        expect.objectContaining({
          name: 'sample-edge-1',
          source: 'issued',
          hostname: 'edge-sample-1.example.net',
          revokedAt: null,
          lastContactAt: ctx.clock.now.getTime() - 60_000,
        }),
      ]);
      const failures = (await get('/admin/edge/failures')).data;
      expect(failures).toEqual([
        expect.objectContaining({ node: 'sample-edge-1', domainName: 'img.example.com', userName: 'demo' }),
      ]);
      expect(failures[0].reason).toMatch(/^nginx: \[emerg\] cannot load certificate/);
      // The notices desk lists the welcome notice the demo account holds, sent from the command line.
      const sent = (await get('/admin/notices?page=1&size=20')).data;
      expect(sent.list).toEqual([
        expect.objectContaining({
          title: 'Welcome to the Edgeward console (sample)',
          to: 'demo',
          recipients: 1,
          staffName: 'npm run ops',
        }),
      ]);
    } finally {
      await demoApp.close();
    }
  });

  /** The same database and configuration with demo on: the admin's exemption is decided by the running app. */
  async function buildDemoApp() {
    const app = await buildApp({ config: { ...ctx.config, demo: true }, database: ctx.database, logger: false });
    await app.ready();
    return app;
  }
});
