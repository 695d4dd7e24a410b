import type { EdgeDomainConfig, EdgeSecurityExtras, EdgeSnapshot } from '@edgeward/edge-config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EdgeAgent } from '../src/agent';
import { eventually, type FakeConsole } from './fake-console';
import { closeLoopbackEdge, hasNginx, startLoopbackEdge } from './nginx-agent';
import { refused } from './user-agents';
import { domainOf, publishApplied, rawExchange, startRecordingOrigin, type VisitOptions, visit } from './visitor';

/*
 * What nginx does with each access rule the edge renders (packages/edge-config/src/access.ts, limits.ts), with real
 * nginx behind the agent (ports EDGE_PORT_BASE + 180-189): referer allow and deny lists, client addresses allowed or
 * denied by address and CIDR, user-agent white and black lists, client filtering's allow rules and absent user
 * agents, request limits by suffix and for all files, the slow-attack body timeout, and the access log without the
 * agent's own requests. The golden files pin the text; these pin what a visitor gets. Skipped without nginx, unless
 * EDGE_NGINX_REQUIRED=1.
 */

const base = Number(process.env.EDGE_PORT_BASE ?? 18000) + 180;
const ports = { http: base + 1, https: base + 2, internal: base + 3, auth: base + 4, console: base + 5 };

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0';

const offExtras: EdgeSecurityExtras = {
  adaptiveFrequencyControl: { status: 'off', level: 'moderate', action: 'block' },
  clientFiltering: { status: 'off', uaClasses: [], blockEmptyUa: false, knownTools: [], allowRules: [] },
  bandwidthAbuseDefense: { status: 'off', thresholdMb: 100, windowSeconds: 60, rateCapKbps: 512 },
  slowAttackDefense: { status: 'off', minBodyRate: 100, headerTimeoutSeconds: 10, bodyTimeoutSeconds: 10 },
};

const limitRule = (type: 'all' | 'path' | 'suffix', content: string, limit: number) => ({
  type,
  content,
  limit,
  periodSeconds: 60,
  threshold: 0,
  action: 'block' as const,
});

describe.skipIf(!hasNginx)('access rules with nginx', () => {
  let stateDir: string;
  let fake: FakeConsole;
  let agent: EdgeAgent;
  let origin: Awaited<ReturnType<typeof startRecordingOrigin>>;

  const domain = (id: number, name: string, change: (config: EdgeDomainConfig) => void) =>
    domainOf(id, name, origin.httpPort, change);
  const eoDomain = (id: number, name: string, extras: Partial<EdgeSecurityExtras>): EdgeSnapshot => ({
    ...domain(id, name, (config) => {
      config.eoSecurity = { ...offExtras, ...extras };
    }),
    variant: 'eo',
  });
  const status = async (host: string, options: Omit<VisitOptions, 'port' | 'host' | 'path'> & { path?: string } = {}) =>
    (await visit({ port: ports.http, host, path: '/page.html', ...options })).status;
  const withReferer = (host: string, referer: string) => status(host, { headers: { referer } });
  const withUa = (host: string, ua: string) => status(host, { headers: { 'user-agent': ua } });

  beforeAll(async () => {
    origin = await startRecordingOrigin();
    ({ stateDir, fake, agent } = await startLoopbackEdge('access', ports, {
      extra: { EDGE_LOG_BATCH_SECONDS: '0.2' },
    }));
    await publishApplied(fake, [
      domain(41, 'referer-allow.test', (config) => {
        config.referer = {
          type: 'allow',
          list: ['good.example', '*.trusted.example', 'port.example:8443'],
          allowEmpty: false,
        };
      }),
      domain(42, 'referer-allow-empty.test', (config) => {
        config.referer = { type: 'allow', list: ['good.example'], allowEmpty: true };
      }),
      domain(43, 'referer-deny.test', (config) => {
        config.referer = { type: 'deny', list: ['bad.example'], allowEmpty: false };
      }),
      domain(44, 'ip-allow.test', (config) => {
        config.ipFilter = { type: 'allow', list: ['127.0.0.1'] };
      }),
      domain(45, 'ip-deny.test', (config) => {
        config.ipFilter = { type: 'deny', list: ['127.0.0.0/24'] };
      }),
      domain(46, 'ua-allow.test', (config) => {
        config.userAgentFilter = { type: 'whitelist', rules: ['Mozilla/5.0 *', 'EdgewardProbe'] };
      }),
      domain(47, 'ua-deny.test', (config) => {
        config.userAgentFilter = { type: 'blacklist', rules: ['*bot/*'] };
      }),
      domain(48, 'ua-deny-all.test', (config) => {
        config.userAgentFilter = { type: 'blacklist', rules: ['*'] };
      }),
      eoDomain(49, 'filter-allow.test', {
        clientFiltering: {
          status: 'on',
          uaClasses: ['crawler'],
          knownTools: ['curl'],
          blockEmptyUa: true,
          allowRules: ['Mozilla/5.0 (compatible; Googlebot/2.1*'],
        },
      }),
      eoDomain(50, 'filter-empty-ok.test', {
        clientFiltering: { status: 'on', uaClasses: ['crawler'], knownTools: [], blockEmptyUa: false, allowRules: [] },
      }),
      eoDomain(51, 'filter-allow-all.test', {
        clientFiltering: {
          status: 'on',
          uaClasses: ['crawler'],
          knownTools: [],
          blockEmptyUa: true,
          allowRules: ['*'],
        },
      }),
      domain(52, 'limit-suffix.test', (config) => {
        config.requestLimits = { status: 'on', rules: [limitRule('suffix', '.php', 2)] };
      }),
      domain(53, 'limit-all.test', (config) => {
        config.requestLimits = { status: 'on', rules: [limitRule('all', '', 3)] };
      }),
      eoDomain(54, 'slow.test', {
        // 8 KB/s over the first 8 KB: one second between two reads of the body at most.
        slowAttackDefense: { status: 'on', minBodyRate: 8192, headerTimeoutSeconds: 10, bodyTimeoutSeconds: 10 },
      }),
    ]);
  });

  afterAll(() => closeLoopbackEdge({ agent, fake, stateDir }, origin));

  describe('referer', () => {
    it.each([
      ['the listed host', 200, 'http://good.example/page'],
      ['the listed host on any port, over HTTPS', 200, 'https://good.example:9999/'],
      ['the listed host without a scheme', 200, 'good.example'],
      ['a subdomain of a wildcard entry', 200, 'https://cdn.trusted.example/a'],
      ['the wildcard entry’s own name', 403, 'https://trusted.example/a'],
      ['an entry’s port', 200, 'http://port.example:8443/x'],
      ['another port than the entry’s', 403, 'http://port.example:8444/x'],
      ['the entry’s host without its port', 403, 'http://port.example/x'],
      ['a name that only starts with a listed one', 403, 'http://good.example.evil.test/'],
      ['a name that only ends with a listed one', 403, 'http://notgood.example/'],
      ['another site', 403, 'http://other.example/'],
    ])('allow list: %s → %i', async (_case, expected, referer) => {
      expect(await withReferer('referer-allow.test', referer)).toBe(expected);
    });

    it('allow list: refuses a request without a referer unless empty referers are allowed', async () => {
      expect(await status('referer-allow.test')).toBe(403);
      expect(await status('referer-allow-empty.test')).toBe(200);
      expect(await withReferer('referer-allow-empty.test', 'http://other.example/')).toBe(403);
      expect(await withReferer('referer-allow-empty.test', 'http://GOOD.example/')).toBe(200);
    });

    it('deny list: refuses the listed site, and no referer when empty referers are not allowed', async () => {
      expect(await withReferer('referer-deny.test', 'https://bad.example/x')).toBe(403);
      expect(await withReferer('referer-deny.test', 'https://good.example/x')).toBe(200);
      expect(await status('referer-deny.test')).toBe(403);
    });
  });

  describe('client address', () => {
    it('allow list: serves the listed address only', async () => {
      expect(await status('ip-allow.test', { from: '127.0.0.1' })).toBe(200);
      expect(await status('ip-allow.test', { from: '127.0.0.2' })).toBe(403);
    });

    it('deny list: refuses every address of a listed /24, and serves the next one', async () => {
      expect(await status('ip-deny.test', { from: '127.0.0.1' })).toBe(403);
      expect(await status('ip-deny.test', { from: '127.0.0.255' })).toBe(403);
      expect(await status('ip-deny.test', { from: '127.0.1.0' })).toBe(200);
    });

    it("lets the agent's internal port through the allow list (preheats)", async () => {
      expect(
        (await visit({ port: ports.internal, host: 'ip-allow.test', path: '/page.html', from: '127.0.0.1' })).status,
      ).toBe(200);
    });
  });

  describe('user agent', () => {
    it.each([
      ['a browser matching a rule, in any case', 200, 'MOZILLA/5.0 (X11; Linux)'],
      ['a rule without a wildcard, exactly', 200, 'EdgewardProbe'],
      ['a rule without a wildcard, with more after it', 403, 'EdgewardProbe/2.0'],
      ['a tool', 403, 'curl/8.5.0'],
    ])('white list: %s → %i', async (_case, expected, ua) => {
      expect(await withUa('ua-allow.test', ua)).toBe(expected);
    });

    it('white list: refuses a request without a user agent', async () => {
      expect(await status('ua-allow.test')).toBe(403);
    });

    it('black list: refuses a matching user agent only, and serves one that sends none', async () => {
      expect(await withUa('ua-deny.test', 'GoodBOT/1.0 (+http://bot.example)')).toBe(403);
      expect(await withUa('ua-deny.test', BROWSER)).toBe(200);
      expect(await status('ua-deny.test')).toBe(200);
    });

    it("black list: a rule of '*' refuses every request, one without a user agent too", async () => {
      expect(await withUa('ua-deny-all.test', BROWSER)).toBe(403);
      expect(await status('ua-deny-all.test')).toBe(403);
    });
  });

  describe('client filtering', () => {
    it('lets an allow rule through before the classes and tools it would be refused by', async () => {
      expect(await withUa('filter-allow.test', refused.Googlebot!)).toBe(200);
      expect(await withUa('filter-allow.test', refused.bingbot!)).toBe(403);
      expect(await withUa('filter-allow.test', 'curl/8.5.0')).toBe(403);
      expect(await withUa('filter-allow.test', BROWSER)).toBe(200);
    });

    it('refuses a request without a user agent only when told to, and not when an allow rule matches it', async () => {
      expect(await status('filter-allow.test')).toBe(403);
      expect(await status('filter-empty-ok.test')).toBe(200);
      expect(await withUa('filter-empty-ok.test', refused.Googlebot!)).toBe(403);
      expect(await status('filter-allow-all.test')).toBe(200);
      expect(await withUa('filter-allow-all.test', refused.Googlebot!)).toBe(200);
    });
  });

  describe('request limits', () => {
    it('counts the requests of a suffix rule (any case), and leaves other files alone', async () => {
      const statuses: number[] = [];
      for (const path of ['/a.php', '/b.PHP', '/index.html', '/c.php']) {
        statuses.push(await status('limit-suffix.test', { path }));
      }
      expect(statuses).toEqual([200, 200, 200, 403]);
    });

    it('counts every request of an all-files rule', async () => {
      const statuses: number[] = [];
      for (const path of ['/a.html', '/b.css', '/c', '/d.js']) statuses.push(await status('limit-all.test', { path }));
      expect(statuses).toEqual([200, 200, 200, 403]);
    });

    it("counts each client apart, and never the agent's internal port", async () => {
      expect(await status('limit-all.test', { from: '127.0.0.2' })).toBe(200);
      for (const _ of [1, 2, 3, 4]) {
        expect((await visit({ port: ports.internal, host: 'limit-all.test', path: '/warm.html' })).status).toBe(200);
      }
    });
  });

  describe('the access log', () => {
    it("logs a visitor's refused and served requests, and none of the agent's on its internal port", async () => {
      await visit({ port: ports.internal, host: 'ip-allow.test', path: '/agent-only.html', from: '127.0.0.1' });
      expect(await status('ip-allow.test', { path: '/visitor-refused.html', from: '127.0.0.2' })).toBe(403);
      expect(await status('ip-allow.test', { path: '/visitor-served.html' })).toBe(200);
      // nginx writes the lines in order: once the last one is shipped, the agent's would have been before it.
      const lines = await eventually('the visitor lines shipped', () => {
        const found = fake.logLines.filter((line) => String(line.host) === 'ip-allow.test');
        return found.some((line) => line.url === '/visitor-served.html') && found;
      });
      expect(lines.map((line) => [line.url, line.status, line.client_ip])).toEqual(
        expect.arrayContaining([
          ['/visitor-refused.html', 403, '127.0.0.2'],
          ['/visitor-served.html', 200, '127.0.0.1'],
        ]),
      );
      expect(lines.filter((line) => line.url === '/agent-only.html')).toEqual([]);
    });
  });

  describe('slow attack', () => {
    it('closes the connection of a body that stalls beyond the timeout its rate gives, before the origin sees it', async () => {
      // One second here; nginx's own 60 s would outlast the test's timeout.
      const stalled =
        'POST /upload HTTP/1.1\r\nHost: slow.test\r\nContent-Type: text/plain\r\nContent-Length: 100\r\n\r\nsome';
      expect(await rawExchange(ports.http, stalled)).toBe(0);
      expect(origin.of('/upload')).toEqual([]);
    });
  });
});
