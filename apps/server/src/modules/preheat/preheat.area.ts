import { handle } from '../../jobs/job';
import { type AreaContext, defineArea } from '../area';
import { createCacheTaskService } from './cache-task.service';
import { runCacheTaskJob } from './preheat.jobs';
import { preheatModule } from './preheat.routes';
import { addSampleCacheTasks } from './preheat.sample-data';

const service = (ctx: AreaContext) =>
  createCacheTaskService({
    db: ctx.database.db,
    now: () => ctx.now(),
    dailyQuota: ctx.config.cacheTaskDailyQuota,
    origins: ctx.providers.origins,
  });

/**
 * Preheat and refresh: URL refresh, directory refresh and URL preheat of the caller's served domains, run as
 * durable jobs through the edge provider, with daily quotas and a task history.
 */
export const preheatArea = defineArea({
  name: 'preheat',
  routes: (ctx) => preheatModule(service(ctx)),
  sampleData: addSampleCacheTasks,
  jobs(ctx) {
    const { edge } = ctx.providers;
    const tasks = service(ctx);
    edge.onCacheReport((report) => tasks.recordReport(report));
    return [
      handle(runCacheTaskJob, async ({ taskId }) => {
        const work = await tasks.edgeWork(taskId);
        if (work) await edge.runCacheTask(work);
      }),
    ];
  },
});
