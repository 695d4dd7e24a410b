import { gzipSync } from 'node:zlib';
import type { Page, Request } from 'playwright-core';

/** What a page downloads, request by request, as the browser received it: shared by the bundle and console benches. */

export interface Fetched {
  path: string;
  isScript: boolean;
  encoding: string;
  /** The body as it came over the wire (compressed if the server compressed it). */
  wireBytes: number;
  decodedBytes: number;
  /** gzip -9 of the decoded body: the figure the target is stated in, whatever the server sent. */
  gzipBytes: number;
  text: string;
}

/**
 * The request's sizes on the wire. Chromium never reports the end of a script fetched twice at once (a modulepreload
 * and the import that follows it), and Playwright's sizes() then waits forever: such a body counts by its
 * Content-Length (static files are sent whole, precompressed).
 */
async function wireSizes(request: Request, contentLength: string | undefined, decoded: number) {
  const fallback = { responseBodySize: contentLength ? Number(contentLength) : decoded };
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<typeof fallback>((resolve) => {
    timer = setTimeout(() => resolve(fallback), 5_000);
  });
  try {
    return await Promise.race([request.sizes(), late]);
  } finally {
    clearTimeout(timer);
  }
}

export async function fetched(request: Request): Promise<Fetched | undefined> {
  const response = await request.response();
  if (!response) return undefined;
  const body = await response.body().catch(() => Buffer.alloc(0));
  const sizes = await wireSizes(request, response.headers()['content-length'], body.length);
  const url = new URL(request.url());
  return {
    path: url.pathname + url.search,
    isScript: request.resourceType() === 'script' || url.pathname.endsWith('.js'),
    encoding: (await response.headerValue('content-encoding')) ?? 'identity',
    wireBytes: sizes.responseBodySize,
    decodedBytes: body.length,
    gzipBytes: gzipSync(body, { level: 9 }).length,
    text: body.toString('utf8'),
  };
}

/** How long nothing may be in flight for the page to count as idle: longer than a busy machine's script pauses. */
const quietMs = 2000;

/** Resolves once no request has been in flight for quietMs. */
export function networkQuiet(page: Page): Promise<void> {
  const inFlight = new Set<Request>();
  let timer: NodeJS.Timeout | undefined;
  return new Promise((resolve) => {
    const settle = () => {
      clearTimeout(timer);
      if (inFlight.size === 0) timer = setTimeout(resolve, quietMs);
    };
    page.on('request', (request) => {
      inFlight.add(request);
      clearTimeout(timer);
    });
    const done = (request: Request) => {
      inFlight.delete(request);
      settle();
    };
    page.on('requestfinished', done);
    page.on('requestfailed', done);
    settle();
  });
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
export const sum = (rows: Fetched[], key: 'wireBytes' | 'decodedBytes' | 'gzipBytes') =>
  rows.reduce((total, row) => total + row[key], 0);
