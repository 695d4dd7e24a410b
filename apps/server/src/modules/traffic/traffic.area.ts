import { handle } from '../../jobs/job';
import { type AreaContext, defineArea } from '../area';
import { edgeNodeAuthOf } from '../edge';
import { edgeLogsModule } from './edge-logs.routes';
import { readingThreads } from './reading-threads';
import { createStatisticsService } from './statistics.service';
import { trafficCommands } from './traffic.commands';
import { foldRankingsJob, foldRankingsSchedule, purgeRawLinesJob, purgeRawLinesSchedule } from './traffic.jobs';
import { trafficModule } from './traffic.routes';
import { addDemoTraffic } from './traffic-demo';
import { trafficImportModule } from './traffic-import.routes';
import { createTrafficImport } from './traffic-import.service';
import { createTrafficIngest } from './traffic-ingest.service';
import { dropRawLinesBefore, foldRankings } from './traffic-write.repository';

const DAY_MS = 86_400_000;

function ingestOf(ctx: AreaContext) {
  return createTrafficIngest({
    db: ctx.database.db,
    now: ctx.now,
    rawRetentionDays: ctx.config.traffic.rawRetentionDays,
    readers: readingThreads(),
    onReaderFailure: (error) => ctx.log.warn({ err: error }, 'a log reading thread failed; its part was read again'),
  });
}

/**
 * Traffic: edge access logs in (POST /edge/logs, `npm run ops -- logs import` and the console's import), rolled up per domain into 5-minute,
 * hourly, 4-hour and daily buckets and daily rankings; the statistics calls of spec section 7 out.
 */
export const trafficArea = defineArea({
  name: 'traffic',
  routes: (ctx) => async (app) => {
    await app.register(
      trafficModule(() => createStatisticsService({ db: ctx.database.db, now: ctx.now, variant: 'cdn' })),
    );
    await app.register(edgeLogsModule(edgeNodeAuthOf(ctx), () => ingestOf(ctx), ctx.metrics));
    await app.register(
      trafficImportModule(createTrafficImport({ db: ctx.database.db, now: ctx.now, ingest: ingestOf(ctx) })),
    );
  },
  jobs: (ctx) => [
    handle(purgeRawLinesJob, async () => {
      const before = new Date(ctx.now().getTime() - ctx.config.traffic.rawRetentionDays * DAY_MS);
      await dropRawLinesBefore(ctx.database.db, before);
    }),
    handle(foldRankingsJob, () => foldRankings(ctx.database.db)),
  ],
  schedules: [purgeRawLinesSchedule, foldRankingsSchedule],
  commands: trafficCommands,
  async sampleData(ctx, owner) {
    await addDemoTraffic(ctx.database.db, ingestOf(ctx), owner.userId, ctx.now());
  },
});
