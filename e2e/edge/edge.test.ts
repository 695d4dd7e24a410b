import { randomBytes, X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import { signUrlTypeA, signUrlTypeB } from '@edgeward/contract';
import { selfSignedCertificate } from '@edgeward/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from './support/console';
import { edgeRequest, http2Get, tlsHandshake } from './support/edge-client';
import { originBody } from './support/origin';
import { edgeTest } from './support/ports';
import { type DomainDetail, type EdgeStack, startEdgeStack } from './support/stack';

/*
 * Issue 15 end to end on loopback: a domain added and configured through the console's API is served by a real
 * nginx edge (the edge agent pulls the snapshots, renders, tests, reloads, reports), with every request sent to
 * nginx with the domain as Host, as a visitor's browser would. The tests run in order on one domain.
 */

const nginxMissing = !fs.existsSync('/usr/sbin/nginx');
if (nginxMissing && process.env.EDGE_NGINX_REQUIRED === '1') {
  throw new Error(
    'EDGE_NGINX_REQUIRED=1 but /usr/sbin/nginx is missing (apt-get install -y nginx libnginx-mod-http-js ...)',
  );
}

const apex = `edge-${randomBytes(4).toString('hex')}.example`;
const host = `www.${apex}`;

describe.skipIf(nginxMissing)('the nginx edge serves what the console configures', () => {
  let stack: EdgeStack;
  let domain: DomainDetail;
  const origin = () => stack.origin;

  const get = (path: string, headers: Record<string, string> = {}, tls = false) =>
    edgeRequest({ host, path, headers, tls });
  const save = (segment: string, body: unknown) => stack.save(domain.id, segment, body);
  const cacheStatus = async (path: string, tls = false) => (await get(path, {}, tls)).headers['x-cache-status'];

  /** Waits until the edge answers `path` with `status`. */
  const servedWith = (status: number, path: string, headers: Record<string, string> = {}, tls = false) =>
    until(`${path} answered ${status}`, async () =>
      (await get(path, headers, tls)).status === status ? true : undefined,
    );

  async function runTask(type: 'refreshUrl' | 'refreshDir' | 'preheat', urls: string[]) {
    const task = await stack.customer.api<{ id: number }>('POST', '/preheat/tasks', { type, urls });
    return until(`${type} task ${task.id} to finish`, async () => {
      const detail = await stack.customer.api<{ status: string; urls: { url: string; status: string }[] }>(
        'GET',
        `/preheat/tasks/${task.id}`,
      );
      return detail.status === 'processing' ? undefined : detail;
    });
  }

  beforeAll(async () => {
    stack = await startEdgeStack();
  });

  afterAll(async () => {
    await stack?.close();
  });

  it('serves a new domain once the edge reports it applied: a MISS, then a HIT from the cache', async () => {
    domain = await stack.addDomain(host);
    expect(domain.cname).toBe(`${host}.cdn.edgeward.net`);

    const first = await get('/index.html');
    expect(first.status).toBe(200);
    expect(first.body).toBe(originBody('/index.html'));
    expect(first.headers['x-cache-status']).toBe('MISS');
    expect((await get('/index.html')).headers['x-cache-status']).toBe('HIT');
    expect(origin().hits('/index.html')).toBe(1);
    // The usual origin headers, which the domain's server inherits from the main file.
    expect(origin().lastHeaders('/index.html')).toMatchObject({
      host,
      'x-real-ip': '127.0.0.1',
      'x-forwarded-for': '127.0.0.1',
      'x-forwarded-proto': 'http',
    });
    expect((await edgeRequest({ host: 'unknown.example', path: '/' })).status).toBe(404);
  });

  it('honours the cache rules: expiry, no-cache paths and ignored query strings', async () => {
    await save('cache-rule', {
      rules: [
        { priority: 1, type: 'all', content: [], ttl: 1, unit: 'days' },
        { priority: 2, type: 'suffix', content: ['.txt'], ttl: 2, unit: 'seconds' },
        { priority: 3, type: 'path', content: ['/live'], ttl: 0, unit: 'seconds' },
        { priority: 4, type: 'suffix', content: ['.js'], ttl: 1, unit: 'days', ignoreUrlParameter: 'on' },
      ],
    });
    await until('the no-cache path to bypass the cache', async () =>
      (await cacheStatus('/live/now')) === 'BYPASS' ? true : undefined,
    );
    await get('/live/now');
    expect(origin().hits('/live/now')).toBeGreaterThanOrEqual(2);

    expect(await cacheStatus('/a.txt')).toBe('MISS');
    expect(await cacheStatus('/a.txt')).toBe('HIT');
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    expect(await cacheStatus('/a.txt')).toBe('EXPIRED');

    expect(await cacheStatus('/app.js?v=1')).toBe('MISS');
    expect(await cacheStatus('/app.js?v=2')).toBe('HIT');
  });

  it('refreshes a URL and a directory through the cache-purge module, and preheats', async () => {
    await get('/page.html');
    expect(await cacheStatus('/page.html')).toBe('HIT');
    const refreshed = await runTask('refreshUrl', [`http://${host}/page.html`]);
    expect(refreshed.status).toBe('success');
    expect(await cacheStatus('/page.html')).toBe('MISS');

    await get('/dir/one.html');
    await get('/dir/sub/two.html');
    expect(await cacheStatus('/dir/sub/two.html')).toBe('HIT');
    expect((await runTask('refreshDir', [`http://${host}/dir/`])).status).toBe('success');
    expect(await cacheStatus('/dir/one.html')).toBe('MISS');
    expect(await cacheStatus('/dir/sub/two.html')).toBe('MISS');

    const preheated = await runTask('preheat', [`http://${host}/warm.html`]);
    expect(preheated.status).toBe('success');
    // The console reads the origin's caching headers when the task is made; the edge fetched it once more.
    const pulled = origin().hits('/warm.html');
    expect(await cacheStatus('/warm.html')).toBe('HIT');
    expect(origin().hits('/warm.html')).toBe(pulled);
  });

  it('passes signed URLs (type A and B, either key) and refuses tampered or expired ones', async () => {
    const key = 'edgePrimaryKey2026';
    const backupKey = 'edgeBackupKey2026';
    await save('url-auth', { status: 'on', type: 'type_a', key, backupKey, expireTime: 600, signArg: 'sign' });
    await servedWith(403, '/signed.html');
    const now = Math.floor(Date.now() / 1000);
    const signed = signUrlTypeA({ path: '/signed.html', key, ts: now, rand: 'r4nd0m' });
    expect((await get(signed)).status).toBe(200);
    expect((await get(signUrlTypeA({ path: '/signed.html', key: backupKey, ts: now, rand: 'b4ckup' }))).status).toBe(
      200,
    );
    expect((await get(signed.replace('/signed.html', '/other.html'))).status).toBe(403);
    expect((await get(signUrlTypeA({ path: '/signed.html', key, ts: now - 3_600, rand: 'old' }))).status).toBe(403);

    await save('url-auth', { status: 'on', type: 'type_b', key, backupKey, expireTime: 600, signArg: 'sign' });
    const typeB = signUrlTypeB({ path: '/b.html', key, ts: new Date() });
    await servedWith(200, typeB);
    expect((await get(typeB)).body).toBe(originBody('/b.html'));
    expect((await get(typeB.replace(/\/[0-9a-f]{32}\//, `/${'0'.repeat(32)}/`))).status).toBe(403);
    expect((await get(signUrlTypeB({ path: '/b.html', key, ts: new Date(Date.now() - 3_600_000) }))).status).toBe(403);

    await save('url-auth', { status: 'off' });
    await servedWith(200, '/signed.html');
  });

  it('refuses a denied referer, client address or user agent with 403', async () => {
    await save('referer', { type: 'deny', list: ['bad.example'], allowEmpty: true });
    await servedWith(403, '/r.html', { referer: 'http://bad.example/page' });
    expect((await get('/r.html', { referer: 'http://good.example/page' })).status).toBe(200);
    expect((await get('/r.html')).status).toBe(200);
    await save('referer', { type: 'off' });

    await save('user-agent-filter', { type: 'blacklist', rules: ['BadBot*'] });
    await servedWith(403, '/u.html', { 'user-agent': 'BadBot/2.0' });
    expect((await get('/u.html', { 'user-agent': 'Mozilla/5.0' })).status).toBe(200);
    await save('user-agent-filter', { type: 'off' });

    await save('ip-acl', { type: 'deny', list: ['127.0.0.1'] });
    await servedWith(403, '/i.html');
    await save('ip-acl', { type: 'off' });
    await servedWith(200, '/i.html');
    await servedWith(200, '/r.html', { referer: 'http://bad.example/page' });
  });

  it('serves HTTPS with the uploaded certificate: forced redirect, HTTP/2 and brotli', async () => {
    // The test origin speaks plain HTTP; following the visitor's scheme would reach for its HTTPS port.
    await save('origin-protocol', { originProtocol: 'http' });
    const pem = selfSignedCertificate(host);
    await save('https-info', {
      https: 'on',
      http2: 'on',
      forceHttps: 'on',
      certificate: { name: 'edge-test', certificate: pem.certificate, privateKey: pem.privateKey },
    });
    await save('force-redirect', { type: 'https', statusCode: 301 });
    const redirect = await until('the HTTP request to be redirected', async () => {
      const answer = await get('/secure.html');
      return answer.status === 301 ? answer : undefined;
    });
    expect(redirect.headers.location).toBe(`https://${host}:${edgeTest.httpsPort}/secure.html`);
    const h2 = await http2Get(host, '/secure.html');
    expect(h2).toEqual({ alpn: 'h2', status: 200 });
    // The certificate is loaded at the handshake by the name's server; a name the edge does not serve is refused.
    expect(await tlsHandshake(host)).toEqual({
      fingerprint256: new X509Certificate(pem.certificate).fingerprint256,
      protocol: 'TLSv1.3',
    });
    expect(await tlsHandshake('unknown.example')).toEqual({ refused: 'ERR_SSL_TLSV1_UNRECOGNIZED_NAME' });

    await save('compression', { gzip: 'on', brotli: 'on' });
    const compressed = await until('brotli to be served', async () => {
      const answer = await get('/text.html', { 'accept-encoding': 'br' }, true);
      return answer.headers['content-encoding'] === 'br' ? answer : undefined;
    });
    expect(compressed.status).toBe(200);
    // The edge compresses: the origin is asked for the identity body, whatever the visitor accepts.
    expect(origin().lastHeaders('/text.html')).not.toHaveProperty('accept-encoding');
    expect((await get('/text.html', { 'accept-encoding': 'gzip' }, true)).headers['content-encoding']).toBe('gzip');
  });

  it('limits the request rate per client', async () => {
    await save('rate-limit', {
      status: 'on',
      rules: [{ type: 'path', content: '/limited', periodSeconds: 60, limit: 1, threshold: 0 }],
    });
    const limited = await until('the second request in a minute to be refused', async () => {
      await get('/limited/a', {}, true);
      const answer = await get('/limited/a', {}, true);
      return [403, 429].includes(answer.status) ? answer.status : undefined;
    });
    expect([403, 429]).toContain(limited);
    expect((await get('/free.html', {}, true)).status).toBe(200);
  });

  it('enforces the edge-platform security policy: client filtering and adaptive frequency control', async () => {
    await stack.console.operator('user', 'cdn-type', 'edgecustomer', 'all');
    const eoHost = `eo.${apex}`;
    const eoDomain = await stack.addDomain(eoHost, 'eo');
    const eoGet = (headers: Record<string, string> = {}) => edgeRequest({ host: eoHost, path: '/eo.html', headers });
    expect((await eoGet({ 'user-agent': 'curl/8.5.0' })).status).toBe(200);

    const off = { type: 'off' };
    await stack.save(
      eoDomain.id,
      'security',
      {
        referer: off,
        ipFilter: off,
        userAgentFilter: off,
        adaptiveFrequencyControl: { status: 'on', level: 'strict' },
        clientFiltering: { status: 'on', knownTools: ['curl'], uaClasses: ['scanner'] },
        bandwidthAbuseDefense: { status: 'off' },
        slowAttackDefense: { status: 'on', minBodyRate: 100, headerTimeoutSeconds: 10, bodyTimeoutSeconds: 10 },
      },
      'eo',
    );
    const browser = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/130.0' };
    expect((await eoGet({ 'user-agent': 'curl/8.5.0' })).status).toBe(403);
    expect((await eoGet({ 'user-agent': 'sqlmap/1.8' })).status).toBe(403);
    expect((await eoGet(browser)).status).toBe(200);

    // Strict: 40 requests per 10 s from one client; a burst of 80 at once goes over it.
    const statuses = await Promise.all(Array.from({ length: 80 }, () => eoGet(browser).then((r) => r.status)));
    expect(statuses.filter((status) => status === 403).length).toBeGreaterThan(0);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(30);
  });

  it("ships the edge's access logs into the customer's statistics within a minute", async () => {
    const home = await until(
      'requests to appear in the statistics',
      async () => {
        const stats = await stack.customer.api<{ requests: { value: number } }>('GET', '/user/home');
        return stats.requests.value > 0 ? stats : undefined;
      },
      60_000,
    ).catch((error: Error) => {
      throw new Error(`${error.message}\nagent output:\n${stack.agent.output}`);
    });
    expect(home.requests.value).toBeGreaterThan(10);
  });

  it('serves from the last good snapshot when restarted with the console down', async () => {
    await stack.console.stop();
    await stack.agent.stop({ nginx: true });
    expect(await edgeRequest({ host, path: '/index.html', tls: true }).catch(() => 'down')).toBe('down');
    await stack.agent.start();
    const answer = await until('the edge to serve again', async () => {
      const response = await get('/index.html', {}, true);
      return response.status === 200 ? response : undefined;
    });
    expect(answer.body).toBe(originBody('/index.html'));
  });
});
