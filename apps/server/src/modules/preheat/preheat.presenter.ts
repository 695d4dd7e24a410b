import type { CacheTask, CacheTaskDetail } from '@edgeward/contract';
import type { CacheTaskRow } from '../../db/schema';
import type { CacheTaskUrlRow } from './preheat.repository';

export function toCacheTask(row: CacheTaskRow, firstUrl: string): CacheTask {
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    urlCount: row.urlCount,
    failedCount: row.failedCount,
    firstUrl,
    createdAt: row.createdAt.getTime(),
    finishedAt: row.finishedAt?.getTime() ?? null,
  };
}

export function toCacheTaskDetail(row: CacheTaskRow, urls: CacheTaskUrlRow[]): CacheTaskDetail {
  return {
    ...toCacheTask(row, urls[0]?.url ?? ''),
    urls: urls.map((u) => ({ url: u.url, status: u.status, reason: u.reason })),
  };
}
