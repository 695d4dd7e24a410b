import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { EdgeSnapshot } from '@edgeward/edge-config';
import { selfSignedCertificate } from '@edgeward/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EdgeAgent } from '../src/agent';
import { loopbackRequest } from '../src/cache-tasks';
import { eventually, type FakeConsole } from './fake-console';
import { closeLoopbackEdge, hasNginx, startLoopbackEdge } from './nginx-agent';
import { snapshotOf } from './snapshots';

/*
 * What reaches an origin through the edge, with real nginx (ports EDGE_PORT_BASE + 140-149): range origin in 1 MB
 * slices, a WebSocket upgrade, an HTTPS origin asked by its host name, its certificate verified or not, a domain
 * asked through its CNAME host name, the request headers an origin sees, and an origin's X-Accel and Cache-Control
 * headers ignored.
 */

const base = Number(process.env.EDGE_PORT_BASE ?? 18000) + 140;
const ports = { http: base + 1, https: base + 2, internal: base + 3, auth: base + 4, console: base + 5 };

/** 2.5 MB whose bytes say where they are. */
const file = Buffer.from(Array.from({ length: 2.5 * 1024 * 1024 }, (_, i) => 97 + (i % 26)));

interface Seen {
  url: string;
  headers: http.IncomingHttpHeaders;
  servername?: string;
}

/** An origin on HTTP and HTTPS: /file answers ranges, /accel sends headers an edge must ignore, upgrades echo. */
async function startOrigin() {
  const seen: Seen[] = [];
  const handler: http.RequestListener = (req, res) => {
    const servername = (req.socket as { servername?: string }).servername;
    seen.push({ url: req.url ?? '/', headers: req.headers, ...(servername ? { servername } : {}) });
    if (req.url === '/file') {
      const range = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? '');
      if (!range) return res.writeHead(200, { 'content-length': file.length }).end(file);
      const start = Number(range[1]);
      const end = Math.min(range[2] ? Number(range[2]) : file.length - 1, file.length - 1);
      res.writeHead(206, {
        'content-range': `bytes ${start}-${end}/${file.length}`,
        'content-length': end - start + 1,
      });
      return res.end(file.subarray(start, end + 1));
    }
    if (req.url === '/accel') {
      res.setHeader('x-accel-redirect', '/elsewhere');
      res.setHeader('x-accel-expires', '0');
      res.setHeader('cache-control', 'no-store');
    }
    res.writeHead(200, { 'content-type': 'text/plain' }).end(`origin ${req.url}`);
  };
  const upgraded: net.Socket[] = [];
  const onUpgrade = (req: http.IncomingMessage, socket: net.Socket) => {
    seen.push({ url: req.url ?? '/', headers: req.headers });
    upgraded.push(socket);
    socket.write('HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n');
    socket.on('data', (data) => socket.write(Buffer.concat([Buffer.from('echo '), data])));
  };
  const pem = selfSignedCertificate('origin.example');
  const plain = http.createServer(handler).on('upgrade', onUpgrade);
  const secure = https.createServer({ cert: pem.certificate, key: pem.privateKey }, handler);
  const listen = (server: http.Server) =>
    new Promise<number>((resolve) =>
      server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)),
    );
  const [httpPort, httpsPort] = [await listen(plain), await listen(secure)];
  return {
    httpPort,
    httpsPort,
    seen,
    last: (url: string) => seen.filter((s) => s.url === url).at(-1),
    close: async () => {
      for (const socket of upgraded) socket.destroy();
      for (const server of [plain, secure]) {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
    },
  };
}

/**
 * A throw-away CA (the edge's trusted CA file in these tests) and an HTTPS origin whose certificate it signed for
 * valid.example.
 */
async function startTrustedOrigin(dir: string) {
  const run = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-days', '2'];
  run('req', '-x509', ...ec, '-subj', '/CN=Edgeward test origin CA', '-keyout', 'ca.key', '-out', 'ca.pem');
  run(
    'req',
    '-x509',
    ...ec,
    '-subj',
    '/CN=valid.example',
    '-addext',
    'subjectAltName=DNS:valid.example',
    '-CA',
    'ca.pem',
    '-CAkey',
    'ca.key',
    '-keyout',
    'key.pem',
    '-out',
    'cert.pem',
  );
  const read = (file: string) => fs.readFileSync(path.join(dir, file), 'utf8');
  const server = https.createServer({ cert: read('cert.pem'), key: read('key.pem') }, (req, res) =>
    res.writeHead(200, { 'content-type': 'text/plain' }).end(`trusted origin ${req.url}`),
  );
  const port = await new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)),
  );
  return {
    caFile: path.join(dir, 'ca.pem'),
    port,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe.skipIf(!hasNginx)('the way to an origin, with nginx', () => {
  let stateDir: string;
  let fake: FakeConsole;
  let origin: Awaited<ReturnType<typeof startOrigin>>;
  let trusted: Awaited<ReturnType<typeof startTrustedOrigin>>;
  let caDir: string;
  let agent: EdgeAgent;

  const publish = async (snapshot: EdgeSnapshot) => {
    fake.publish(snapshot);
    const report = await eventually(`the report of domain ${snapshot.domainId}`, () =>
      fake.reports.find((r) => r.domainId === snapshot.domainId && r.version === snapshot.version),
    );
    expect(report.result).toBe('applied');
  };
  const domain = (
    domainId: number,
    domainName: string,
    change: (config: NonNullable<EdgeSnapshot['config']>) => void,
  ) => {
    const snapshot = snapshotOf({ domainId, domainName, version: 1, originPort: origin.httpPort });
    change(snapshot.config!);
    return snapshot;
  };

  beforeAll(async () => {
    origin = await startOrigin();
    caDir = fs.mkdtempSync(path.join(os.tmpdir(), 'edge-origin-ca-'));
    trusted = await startTrustedOrigin(caDir);
    ({ stateDir, fake, agent } = await startLoopbackEdge('origin', ports, {
      extra: { EDGE_ORIGIN_CA_FILE: trusted.caFile },
    }));
  });

  afterAll(async () => {
    await closeLoopbackEdge({ agent, fake, stateDir }, origin);
    await trusted.close();
    fs.rmSync(caDir, { recursive: true, force: true });
  });

  it('fetches a range origin in 1 MB slices, caches them and serves a visitor range', async () => {
    await publish(
      domain(1, 'range.test', (config) => {
        config.rangeStatus = 'on';
      }),
    );
    const whole = await loopbackRequest(ports.http, 'range.test', '/file');
    expect(whole.status).toBe(200);
    expect(whole.body.equals(file)).toBe(true);
    const ranges = origin.seen.filter((s) => s.url === '/file').map((s) => s.headers.range);
    expect(ranges).toEqual(['bytes=0-1048575', 'bytes=1048576-2097151', 'bytes=2097152-3145727']);

    const part = await loopbackRequest(ports.http, 'range.test', '/file', { range: 'bytes=1048570-1048580' });
    expect(part.status).toBe(206);
    expect(part.headers['x-cache-status']).toBe('HIT');
    expect(part.body.equals(file.subarray(1048570, 1048581))).toBe(true);
    expect(origin.seen.filter((s) => s.url === '/file')).toHaveLength(3);
  });

  it('passes a WebSocket upgrade on to the origin', async () => {
    await publish(
      domain(2, 'ws.test', (config) => {
        config.websocket = 'on';
      }),
    );
    const echoed = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(ports.http, '127.0.0.1', () =>
        socket.write(
          'GET /chat HTTP/1.1\r\nHost: ws.test\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
            'Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n',
        ),
      );
      let received = '';
      socket.on('data', (data) => {
        received += data.toString();
        if (received.includes('\r\n\r\n') && !received.includes('echo')) socket.write('ping');
        if (received.includes('echo ping')) {
          socket.destroy();
          resolve(received);
        }
      });
      socket.on('error', reject);
      setTimeout(() => reject(new Error(`no echo: ${received}`)), 5000);
    });
    expect(echoed).toMatch(/^HTTP\/1\.1 101 /);
    expect(origin.last('/chat')?.headers).toMatchObject({ upgrade: 'websocket', connection: 'upgrade' });
  });

  it('asks an HTTPS origin by its host name, in the Host header and the TLS name', async () => {
    await publish(
      domain(3, 'secure-origin.test', (config) => {
        config.originProtocol = 'https';
        config.sources[0]!.httpsPort = origin.httpsPort;
        config.sources[0]!.hostName = 'origin.example';
      }),
    );
    const answer = await loopbackRequest(ports.http, 'secure-origin.test', '/over-tls');
    expect(answer.status).toBe(200);
    expect(answer.body.toString()).toBe('origin /over-tls');
    expect(origin.last('/over-tls')).toMatchObject({
      servername: 'origin.example',
      headers: { host: 'origin.example' },
    });
  });

  it("checks an HTTPS origin's certificate only when the domain verifies it: a trusted CA's, for the name asked", async () => {
    const httpsOrigin = (
      domainId: number,
      domainName: string,
      port: number,
      hostName: string,
      verifyCertificate: 'on' | 'off',
    ) =>
      domain(domainId, domainName, (config) => {
        config.originProtocol = 'https';
        Object.assign(config.sources[0]!, { originProtocol: 'https', httpsPort: port, hostName, verifyCertificate });
      });
    const status = async (domainName: string) => (await loopbackRequest(ports.http, domainName, '/checked')).status;

    // A self-signed certificate for origin.example, asked for as other.example: served unless verified.
    await publish(httpsOrigin(6, 'unverified.test', origin.httpsPort, 'other.example', 'off'));
    expect(await status('unverified.test')).toBe(200);
    await publish(httpsOrigin(7, 'verified-other-name.test', origin.httpsPort, 'other.example', 'on'));
    expect(await status('verified-other-name.test')).toBe(502);
    // Its own name is not enough without a trusted issuer...
    await publish(httpsOrigin(8, 'verified-self-signed.test', origin.httpsPort, 'origin.example', 'on'));
    expect(await status('verified-self-signed.test')).toBe(502);
    // ...and a trusted issuer is not enough for another name.
    await publish(httpsOrigin(9, 'verified-wrong-name.test', trusted.port, 'other.example', 'on'));
    expect(await status('verified-wrong-name.test')).toBe(502);
    await publish(httpsOrigin(10, 'verified.test', trusted.port, 'valid.example', 'on'));
    const served = await loopbackRequest(ports.http, 'verified.test', '/checked');
    expect(served.status).toBe(200);
    expect(served.body.toString()).toBe('trusted origin /checked');
  });

  it("serves a domain's CNAME host name as the domain: one cache entry, one Host, logged as the domain's", async () => {
    const snapshot = domain(5, 'cname-site.test', () => {});
    await publish(snapshot);
    const viaCname = await loopbackRequest(ports.http, snapshot.cname, '/shared');
    expect(viaCname.status).toBe(200);
    expect(viaCname.headers['x-cache-status']).toBe('MISS');
    const viaDomain = await loopbackRequest(ports.http, 'cname-site.test', '/shared');
    expect(viaDomain.headers['x-cache-status']).toBe('HIT');
    const fetched = origin.seen.filter((s) => s.url === '/shared');
    expect(fetched).toHaveLength(1);
    expect(fetched[0]!.headers.host).toBe('cname-site.test');

    const logged = await eventually('both requests shipped', () => {
      const lines = fake.logLines.filter((line) => line.url === '/shared');
      return lines.length === 2 && lines;
    });
    expect(logged.map((line) => [line.host, line.domain])).toEqual([
      [snapshot.cname, 'cname-site.test'],
      ['cname-site.test', 'cname-site.test'],
    ]);
  });

  it("sends an origin the visitor's address and ignores the origin's X-Accel and Cache-Control headers", async () => {
    await publish(domain(4, 'plain.test', () => {}));
    const answer = await loopbackRequest(ports.http, 'plain.test', '/accel');
    expect(answer.status).toBe(200);
    expect(answer.body.toString()).toBe('origin /accel');
    expect(answer.headers).not.toHaveProperty('x-accel-expires');
    // The rule's hour governs: the origin's no-store and X-Accel-Expires: 0 cache nothing less.
    expect((await loopbackRequest(ports.http, 'plain.test', '/accel')).headers['x-cache-status']).toBe('HIT');
    expect(origin.last('/accel')!.headers).toMatchObject({
      host: 'plain.test',
      'x-real-ip': '127.0.0.1',
      'x-forwarded-for': '127.0.0.1',
    });
  });
});
