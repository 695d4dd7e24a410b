import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import {
  type EdgeCacheReportBody,
  type EdgeCacheTask,
  INTERNAL_HOST,
  PURGE_KEY_HEADER,
  PURGE_PATH,
} from '@edgeward/edge-config';

/*
 * Refresh and preheat on this node. nginx's cache files start with a binary header followed by a `KEY: <key>` line
 * (the proxy_cache_key of the response); a refresh finds the files whose key the task's URL (or directory) matches
 * and sends each key to the purge location of the internal server, which the cache-purge module answers. A preheat
 * is a plain request through the internal server (past the domain's access rules), read to its end so the cache
 * keeps the whole response.
 */

/** Tells whether a cache key belongs to a refreshed URL or directory (the renderer knows the key's shape). */
export type CacheKeyMatcher = (type: 'refreshUrl' | 'refreshDir', url: string) => (key: string) => boolean;

/** The key written in a cache file's header, or null when the bytes hold none (a file being written). */
export function cacheKeyOf(header: Buffer): string | null {
  const start = header.indexOf('\nKEY: ');
  if (start < 0) return null;
  const end = header.indexOf('\n', start + 6);
  if (end < 0) return null;
  return header.subarray(start + 6, end).toString('utf8');
}

/** How much of each cache file is read for its key: the header and a key of nginx's usual sizes. */
const HEADER_BYTES = 4096;

/** The keys of every cache file under `cacheDir` that `matches`. */
export async function matchingKeys(cacheDir: string, matches: (key: string) => boolean): Promise<string[]> {
  const keys = new Set<string>();
  const buffer = Buffer.alloc(HEADER_BYTES);
  const visit = async (dir: string) => {
    let entries: fs.Dirent[];
    try {
      entries = await fs.promises.readdir(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        await visit(file);
        continue;
      }
      // nginx's files are named by the key's MD5 (32 hex digits); temporary files carry a suffix.
      if (!entry.isFile() || !/^[0-9a-f]{32}$/.test(entry.name)) continue;
      let handle: fs.promises.FileHandle | undefined;
      try {
        handle = await fs.promises.open(file, 'r');
        const { bytesRead } = await handle.read(buffer, 0, HEADER_BYTES, 0);
        const key = cacheKeyOf(buffer.subarray(0, bytesRead));
        if (key !== null && matches(key)) keys.add(key);
      } catch {
        // Deleted by the cache manager while scanning: nothing to purge.
      } finally {
        await handle?.close();
      }
    }
  };
  await visit(cacheDir);
  return [...keys];
}

export interface LoopbackAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** One request to nginx's loopback port with the Host it names (fetch cannot set Host). */
export function loopbackRequest(
  port: number,
  host: string,
  pathAndQuery: string,
  headers: Record<string, string> = {},
  timeoutMs = 60_000,
): Promise<LoopbackAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path: pathAndQuery,
        method: 'GET',
        headers: { ...headers, host },
        timeout: timeoutMs,
        // A connection of its own: a kept-alive one could reach a worker of the configuration before a reload.
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        );
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`timed out after ${timeoutMs / 1000} s`)));
    request.on('error', reject);
    request.end();
  });
}

export interface CacheTaskRunner {
  internalPort: number;
  cacheDir: string;
  matcher: CacheKeyMatcher;
}

/** Carries out one task and says, per URL, whether it worked. */
export async function runCacheTask(task: EdgeCacheTask, runner: CacheTaskRunner): Promise<EdgeCacheReportBody> {
  const results: EdgeCacheReportBody['results'] = [];
  for (const url of task.urls) {
    try {
      if (task.type === 'preheat') await preheat(url, runner);
      else await refresh(task.type, url, runner);
      results.push({ url, ok: true });
    } catch (error) {
      results.push({ url, ok: false, reason: (error as Error).message.slice(0, 500) });
    }
  }
  return { taskId: task.taskId, results };
}

/** Purges every cached key of the URL (or under the directory); a URL with nothing cached is refreshed already. */
async function refresh(type: 'refreshUrl' | 'refreshDir', url: string, runner: CacheTaskRunner): Promise<void> {
  const keys = await matchingKeys(runner.cacheDir, runner.matcher(type, url));
  for (const key of keys) {
    const answer = await loopbackRequest(runner.internalPort, INTERNAL_HOST, PURGE_PATH, { [PURGE_KEY_HEADER]: key });
    // 404: gone between the scan and the purge (expired, evicted, purged by another task).
    if (answer.status !== 200 && answer.status !== 404) throw new Error(`purge answered HTTP ${answer.status}`);
  }
}

async function preheat(url: string, runner: CacheTaskRunner): Promise<void> {
  const target = new URL(url);
  const answer = await loopbackRequest(runner.internalPort, target.hostname, `${target.pathname}${target.search}`);
  if (answer.status >= 400) throw new Error(`the origin answered HTTP ${answer.status}`);
}
