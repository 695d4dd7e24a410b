import { handle } from '../../jobs/job';
import { domainCommands } from '../../ops/commands/domain';
import { defineArea } from '../area';
import { publishJob } from './domain.jobs';
import { domainModule } from './domain.routes';
import { createDomainService } from './domain.service';

/** Accelerated domains: their routes, the publish job that carries every change to the edge, the review queue. */
export const domainArea = defineArea({
  name: 'domain',
  routes: domainModule,
  jobs(ctx) {
    const { edge, dns, origins } = ctx.providers;
    const domains = createDomainService({ db: ctx.database.db, config: ctx.config, now: ctx.now, dns, origins });
    edge.onReport((report) => domains.handleEdgeReport(report));
    return [
      handle(publishJob, async ({ domainId }) => {
        const work = await domains.edgeWork(domainId);
        if (work?.kind === 'apply') await edge.apply(work.snapshot);
        if (work?.kind === 'remove') await edge.remove({ domainId, domainName: work.domainName });
      }),
    ];
  },
  commands: domainCommands,
});
