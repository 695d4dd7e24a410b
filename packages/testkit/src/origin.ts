import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TestOrigin {
  port: number;
  /** Host headers of the requests received. */
  hosts: string[];
  close(): Promise<void>;
}

/**
 * A plain HTTP server on loopback standing in for a customer's origin. A path under `/cache-control/<value>/` is
 * answered with that Cache-Control header, for the preheat checks.
 */
export async function startOrigin(): Promise<TestOrigin> {
  const hosts: string[] = [];
  const server = http.createServer((req, res) => {
    hosts.push(String(req.headers.host));
    const cacheControl = /^\/cache-control\/([^/]+)\//.exec(req.url ?? '')?.[1];
    res
      .writeHead(200, { 'content-type': 'text/plain', ...(cacheControl ? { 'cache-control': cacheControl } : {}) })
      .end('origin ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    hosts,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A loopback port with nothing listening on it. */
export async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
