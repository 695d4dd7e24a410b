import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import tls from 'node:tls';
import type { EdgeDomainConfig, EdgeSnapshot } from '@edgeward/edge-config';
import { eventually, type FakeConsole } from './fake-console';
import { snapshotOf } from './snapshots';

/*
 * What the behaviour tests of the edge's features share (features.*.nginx.test.ts): visitors' requests to nginx as a
 * browser sends them (from any loopback address, over HTTP or TLS), an origin that records what reaches it, and
 * domains published to the fake console and awaited until the agent reports them applied.
 */

export interface Visit {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Every header name as received, lower case, a repeated header as often as it came. */
  headerNames: string[];
  body: Buffer;
}

export interface VisitOptions {
  port: number;
  host: string;
  path: string;
  headers?: Record<string, string>;
  method?: string;
  /** The visitor's address (any of 127.0.0.0/8 on Linux); 127.0.0.1 by default. */
  from?: string;
  /** TLS with the host as SNI name (the test certificates are self-signed). */
  tls?: boolean;
}

/** One request on a connection of its own (never one kept alive across a reload), its body as received. */
export function visit({ port, host, path, headers = {}, method = 'GET', from, tls: secure }: VisitOptions) {
  return new Promise<Visit>((resolve, reject) => {
    const options: https.RequestOptions = {
      host: '127.0.0.1',
      port,
      path,
      method,
      headers: { ...headers, host },
      agent: false,
      ...(from ? { localAddress: from } : {}),
    };
    const request = secure
      ? https.request({ ...options, servername: host, rejectUnauthorized: false })
      : http.request(options);
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          headerNames: response.rawHeaders.filter((_, i) => i % 2 === 0).map((name) => name.toLowerCase()),
          body: Buffer.concat(chunks),
        }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}

/** The TLS handshake for a name: the negotiated protocol, or the code it was refused with. */
export function handshake(port: number, servername: string): Promise<{ ok: true } | { refused: string }> {
  return new Promise((resolve) => {
    const socket = tls.connect({ host: '127.0.0.1', port, servername, rejectUnauthorized: false });
    socket.once('secureConnect', () => {
      socket.destroy();
      resolve({ ok: true });
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve({ refused: error.code ?? error.message }));
  });
}

/** The status line's code nginx writes on a raw connection, or 0 when it closes without one. */
export function rawExchange(port: number, request: string): Promise<number> {
  return new Promise((resolve, reject) => {
    let received = '';
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
    });
    socket.on('close', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 0)));
    socket.on('error', reject);
  });
}

export interface OriginRequest {
  scheme: 'http' | 'https';
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
}

/** Text long enough for nginx's compression (gzip_min_length and brotli_min_length are 1024). */
export const LONG_TEXT = 'The edge compresses what the origin sends in full. '.repeat(60);

/**
 * An origin on HTTP and, with a certificate, on HTTPS. Paths choose the answer: `/long*` a long text, `/short*` a
 * short one, `/image*` a PNG, `/vary*` a Vary header, `/secret*` headers the edge may hide or replace; anything
 * else `<scheme> <url>` as text. It records every request; after `close`, connections are refused.
 */
export async function startRecordingOrigin(pem?: { certificate: string; privateKey: string }) {
  const requests: OriginRequest[] = [];
  const handler =
    (scheme: OriginRequest['scheme']): http.RequestListener =>
    (req, res) => {
      const url = req.url ?? '/';
      requests.push({ scheme, method: req.method ?? 'GET', url, headers: req.headers });
      req.resume();
      // With its length, as a static file is sent: nginx judges compression's minimum length by Content-Length.
      const send = (type: string, body: string | Buffer, extra: Record<string, string> = {}) =>
        res.writeHead(200, { 'content-type': type, 'content-length': Buffer.byteLength(body), ...extra }).end(body);
      if (url.startsWith('/long')) return send('text/plain', LONG_TEXT);
      if (url.startsWith('/short')) return send('text/plain', 'short');
      if (url.startsWith('/image')) return send('image/png', Buffer.alloc(4096, 7));
      const extra: Record<string, string> = {};
      if (url.startsWith('/vary')) extra.vary = 'User-Agent';
      if (url.startsWith('/secret')) {
        Object.assign(extra, {
          'x-powered-by': 'origin-internals/1.0',
          'access-control-allow-origin': 'https://origin.example',
          // The origin's own cache (another CDN, an nginx in front of the application).
          'x-cache-status': 'ORIGIN-HIT',
        });
      }
      return send('text/plain', `${scheme} ${url}`, extra);
    };
  const servers = [http.createServer(handler('http'))];
  if (pem) servers.push(https.createServer({ cert: pem.certificate, key: pem.privateKey }, handler('https')));
  const ports = await Promise.all(
    servers.map(
      (server) =>
        new Promise<number>((resolve) =>
          server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)),
        ),
    ),
  );
  let closed = false;
  return {
    httpPort: ports[0]!,
    httpsPort: ports[1] ?? 0,
    requests,
    /** The requests for one URL, in order. */
    of: (url: string) => requests.filter((request) => request.url === url),
    async close() {
      if (closed) return;
      closed = true;
      for (const server of servers) {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
    },
  };
}

/** A domain of snapshotOf (HTTP only, everything cached an hour) on the given origin port, with changes. */
export function domainOf(
  domainId: number,
  domainName: string,
  originPort: number,
  change: (config: EdgeDomainConfig) => void = () => {},
): EdgeSnapshot {
  const snapshot = snapshotOf({ domainId, domainName, version: 1, originPort });
  change(snapshot.config!);
  return snapshot;
}

/** Publishes the domains and waits until the agent reports each applied (nginx serves them). */
export async function publishApplied(fake: FakeConsole, snapshots: EdgeSnapshot[]): Promise<void> {
  for (const snapshot of snapshots) fake.publish(snapshot);
  for (const { domainId, version } of snapshots) {
    const report = await eventually(`the report of domain ${domainId} v${version}`, () =>
      fake.reports.find((r) => r.domainId === domainId && r.version === version),
    );
    if (report.result !== 'applied') throw new Error(`domain ${domainId}: ${report.result} ${report.reason ?? ''}`);
  }
}
