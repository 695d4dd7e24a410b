import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface CountingOrigin {
  port: number;
  /** Requests received per path (query included). */
  hits(pathAndQuery: string): number;
  /** The headers of the last request for a path. */
  lastHeaders(pathAndQuery: string): http.IncomingHttpHeaders | undefined;
  close(): Promise<void>;
}

/** 4 KB of text: long enough for gzip and brotli, easy to compare. */
export const originBody = (path: string) => `${`origin body of ${path}\n`.repeat(4096 / (16 + path.length) + 1)}`;

/**
 * A customer's origin on loopback that counts what reaches it, so a test tells a cache HIT (nothing reached the
 * origin) from a MISS by the origin's own count as well as by X-Cache-Status. It answers text for every path; a
 * WebSocket upgrade is answered 101 and echoes.
 */
export async function startCountingOrigin(): Promise<CountingOrigin> {
  const counts = new Map<string, number>();
  const headers = new Map<string, http.IncomingHttpHeaders>();
  const server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    counts.set(url, (counts.get(url) ?? 0) + 1);
    headers.set(url, req.headers);
    res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', 'x-origin': 'counting-origin' });
    res.end(originBody(url.split('?')[0]!));
  });
  server.on('upgrade', (_req, socket) => {
    socket.write('HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n');
    socket.on('data', (data) => socket.write(data));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    hits: (p) => counts.get(p) ?? 0,
    lastHeaders: (p) => headers.get(p),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
