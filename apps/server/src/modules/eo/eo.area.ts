import { handle } from '../../jobs/job';
import { type AreaContext, defineArea } from '../area';
import { createDomainServices } from '../domain/domain.services';
import { createStatisticsService } from '../traffic/statistics.service';
import { eoCommands } from './eo.commands';
import { eoBaselineJob, eoBaselineSchedule } from './eo.jobs';
import { eoModule } from './eo.routes';
import { addEoSampleData } from './eo.sample-data';
import { createEoService } from './eo.service';

function partsOf(ctx: AreaContext) {
  const db = ctx.database.db;
  const domains = createDomainServices(ctx, 'eo');
  const statistics = createStatisticsService({ db, now: ctx.now, variant: 'eo' });
  return { domains, statistics, eo: createEoService({ db, now: ctx.now, domains, statistics }) };
}

/**
 * The edge platform (eo): its domains are the domain area's, of the variant 'eo' (same rules, own list), with a
 * security policy of its own; its statistics are the traffic area's over those domains. The daily schedule
 * recomputes the adaptive frequency control's baselines; the operator opens it to a customer with `user cdn-type`.
 */
export const eoArea = defineArea({
  name: 'eo',
  routes: (ctx) => eoModule(partsOf(ctx), ctx),
  jobs: (ctx) => [
    handle(eoBaselineJob, async () => {
      await partsOf(ctx).eo.refreshBaselines();
    }),
  ],
  schedules: [eoBaselineSchedule],
  commands: eoCommands,
  sampleData: addEoSampleData,
});
