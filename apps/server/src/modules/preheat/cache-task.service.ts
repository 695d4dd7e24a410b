import {
  type CacheQuota,
  type CacheTaskCreate,
  type CacheTaskListQuery,
  type CacheTaskType,
  cacheTaskFormatKey,
  cacheTaskFormatParams,
  cacheTaskUrl,
  fromUtc8Time,
  utc8Time,
} from '@edgeward/contract';
import type { Config } from '../../config';
import type { Db, Executor } from '../../db/connect';
import { AppError, notFound } from '../../http/errors';
import { enqueueJob } from '../../jobs/runner';
import type { Actor } from '../../lib/actor';
import { pageWithTotal } from '../../lib/page';
import type { EdgeCacheReport } from '../../providers/edge';
import type { OriginChecker } from '../../providers/origins';
import { lockUser } from '../domain';
import { recordOperation } from '../operation-log';
import type { AuthUser } from '../session';
import { cacheExpiryOf } from './cache-expiry';
import { cacheTaskDomainsOfHosts } from './caller-domains';
import { indexesWhere, originForbidsCaching } from './origin-cache-control';
import { runCacheTaskJob } from './preheat.jobs';
import { toCacheTask, toCacheTaskDetail } from './preheat.presenter';
import * as repo from './preheat.repository';

export interface CacheTaskServiceDeps {
  db: Db;
  now: () => Date;
  dailyQuota: Config['cacheTaskDailyQuota'];
  origins: OriginChecker;
}

/** The start of the Beijing (UTC+8) day `at` falls in, and that day as YYYY-MM-DD. */
function beijingDay(at: Date): { start: Date; day: string } {
  const t = utc8Time(at);
  const day = `${t.year}-${String(t.month).padStart(2, '0')}-${String(t.day).padStart(2, '0')}`;
  return { start: fromUtc8Time({ ...t, hour: 0, minute: 0, second: 0 }), day };
}

/**
 * Preheat and refresh tasks: the rules a URL must pass beyond its own form (a domain of the caller's that the edge
 * serves; for a preheat, a cache expiry above 0), the daily quotas per Beijing day, and the edge's results URL by URL.
 * A foreign task id answers NOT_FOUND like a missing one.
 */
export function createCacheTaskService(deps: CacheTaskServiceDeps) {
  const { db } = deps;

  /** The submitted lines as the edge gets them, each with its domain; field errors at urls.<line> otherwise. */
  async function resolve(userId: number, type: CacheTaskType, lines: string[]) {
    const urls = lines.map((line) => cacheTaskUrl(line));
    if (urls.some((url) => !url)) {
      throw new AppError('VALIDATION_FAILED', { messageKey: cacheTaskFormatKey(type), params: cacheTaskFormatParams });
    }
    const hosts = await cacheTaskDomainsOfHosts(
      db,
      userId,
      urls.map((url) => url!.host),
    );
    const domains = new Map(
      [...hosts].flatMap(([host, found]) => (found.ready ? [[host, found.domain] as const] : [])),
    );
    const fields: Record<string, string> = {};
    const resolved = urls.map((url, i) => {
      const found = hosts.get(url!.host)!;
      if (!found.ready) {
        fields[`urls.${i}`] = found.deploying ? 'preheat.url.domainDeploying' : 'preheat.url.domainNotOwned';
      } else if (type === 'preheat' && cacheExpiryOf(found.domain.config.cacheConfig.rules, url!.path) === 0) {
        fields[`urls.${i}`] = 'preheat.url.notCacheable';
      }
      return { url: url!.href, domainId: found.ready ? found.domain.id : 0 };
    });
    if (type === 'preheat' && Object.keys(fields).length === 0) {
      const refused = await indexesWhere(urls, (url) =>
        originForbidsCaching(deps.origins, domains.get(url!.host)!, url!),
      );
      for (const i of refused) fields[`urls.${i}`] = 'preheat.url.notCacheable';
    }
    const first = Object.values(fields)[0];
    if (first) throw new AppError('VALIDATION_FAILED', { fields, messageKey: first });
    return resolved;
  }

  /** One transaction: the user locked (so concurrent submissions cannot both pass), the quota checked, the job queued. */
  async function submit(
    actor: Actor,
    userId: number,
    type: CacheTaskType,
    urls: { url: string; domainId: number }[],
    resubmitOf?: number,
  ) {
    const at = deps.now();
    return db.transaction(async (tx) => {
      await lockUser(tx, userId);
      const used = (await repo.usedSince(tx, userId, beijingDay(at).start))[type];
      const limit = deps.dailyQuota[type];
      if (used + urls.length > limit) {
        throw new AppError('CACHE_TASK_QUOTA_EXCEEDED', { params: { left: Math.max(0, limit - used), limit } });
      }
      const task = await repo.insertTask(tx, { userId, type, urls, resubmitOf, at });
      await enqueueJob(tx, runCacheTaskJob, { taskId: task.id }, { runAt: at });
      await recordOperation(tx, {
        actor,
        action: resubmitOf === undefined ? 'cacheTask.create' : 'cacheTask.resubmit',
        target: { type: 'cacheTask', id: task.id, name: urls[0]!.url },
        after: { type, urls: urls.length, resubmitOf },
        at,
      });
      return toCacheTask(task, urls[0]!.url);
    });
  }

  async function quota(user: AuthUser, ex: Executor = db): Promise<CacheQuota> {
    const { start, day } = beijingDay(deps.now());
    const used = await repo.usedSince(ex, user.id, start);
    const of = (type: CacheTaskType) => ({ limit: deps.dailyQuota[type], used: used[type] });
    return { day, refreshUrl: of('refreshUrl'), refreshDir: of('refreshDir'), preheat: of('preheat') };
  }

  return {
    quota,

    async create(user: AuthUser, body: CacheTaskCreate, actor: Actor) {
      return submit(actor, user.id, body.type, await resolve(user.id, body.type, body.urls));
    },

    async list(user: AuthUser, query: CacheTaskListQuery) {
      const { rows, total } = await repo.listOfUser(db, user.id, query);
      return pageWithTotal(
        query,
        rows.map((r) => toCacheTask(r, r.firstUrl)),
        total,
      );
    },

    async detail(user: AuthUser, id: number) {
      const task = await repo.findOfUser(db, user.id, id);
      if (!task) throw notFound();
      return toCacheTaskDetail(task, await repo.urlsOf(db, id));
    },

    /** A new task of the failed URLs, checked again as a new submission (the domain may have gone since). */
    async resubmit(user: AuthUser, id: number, actor: Actor) {
      const task = await repo.findOfUser(db, user.id, id);
      if (!task) throw notFound();
      const failed = await repo.urlsOf(db, id, 'failed');
      if (failed.length === 0) throw new AppError('CACHE_TASK_NOTHING_FAILED');
      const urls = await resolve(
        user.id,
        task.type,
        failed.map((u) => u.url),
      );
      return submit(actor, user.id, task.type, urls, task.id);
    },

    /** The edge's results: each URL's state, then the task's (failed when any URL failed). Idempotent. */
    async recordReport(report: EdgeCacheReport) {
      await db.transaction(async (tx) => {
        const task = await repo.findSystem(tx, report.taskId, { lock: true });
        if (task?.status !== 'processing') return;
        let failedCount = 0;
        for (const [position, result] of report.results.entries()) {
          if (!result.ok) failedCount++;
          await repo.setUrlResultSystem(tx, task.id, position, {
            status: result.ok ? 'success' : 'failed',
            reason: result.ok ? null : (result.reason ?? null),
          });
        }
        await repo.finishSystem(tx, task.id, {
          status: failedCount > 0 ? 'failed' : 'success',
          failedCount,
          at: deps.now(),
        });
      });
    },

    /** What the run job hands the edge; null once the task is no longer processing. */
    async edgeWork(taskId: number) {
      const task = await repo.findSystem(db, taskId);
      if (task?.status !== 'processing') return null;
      const urls = await repo.urlsOf(db, taskId);
      return { taskId, type: task.type, urls: urls.map((u) => u.url) };
    },
  };
}

export type CacheTaskService = ReturnType<typeof createCacheTaskService>;
