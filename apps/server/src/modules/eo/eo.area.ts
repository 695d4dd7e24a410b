import { handle } from '../../jobs/job';
import { type Area, type AreaContext, defineArea } from '../area';
import { createDomainServices, type DomainPorts } from '../domain';
import { createStatisticsService } from '../traffic';
import { eoCommands } from './eo.commands';
import { eoBaselineJob, eoBaselineSchedule } from './eo.jobs';
import { eoModule } from './eo.routes';
import { addEoSampleData } from './eo.sample-data';
import { createEoService } from './eo.service';

function partsOf(ctx: AreaContext, ports: DomainPorts) {
  const db = ctx.database.db;
  const domains = createDomainServices(ctx, ports, 'eo');
  const statistics = createStatisticsService({ db, now: ctx.now, variant: 'eo' });
  return { domains, statistics, eo: createEoService({ db, now: ctx.now, domains, statistics }) };
}

/**
 * The edge platform (eo): its domains are the domain area's, of the variant 'eo' (same rules, own list), with a
 * security policy of its own; its statistics are the traffic area's over those domains. The daily schedule
 * recomputes the adaptive frequency control's baselines; the operator opens it to a customer with `user cdn-type`.
 * Its domain services take the domain area's ports like the domain area's own.
 */
export const eoArea = (ports: DomainPorts): Area =>
  defineArea({
    name: 'eo',
    routes: (ctx) => eoModule(partsOf(ctx, ports), ctx),
    jobs: (ctx) => [
      handle(eoBaselineJob, async () => {
        await partsOf(ctx, ports).eo.refreshBaselines();
      }),
    ],
    schedules: [eoBaselineSchedule],
    commands: eoCommands,
    sampleData: addEoSampleData,
  });
