import { handle } from '../../jobs/job';
import { domainCommands } from '../../ops/commands/domain';
import { defineArea } from '../area';
import { publishJob } from './domain.jobs';
import { domainModule } from './domain.routes';
import { addSampleDomains } from './domain.sample-data';
import { createDomainServices } from './domain.services';

/**
 * Accelerated domains: their routes, the publish job that carries every change to the edge, the review queue, and
 * the demo account's sample domains.
 */
export const domainArea = defineArea({
  name: 'domain',
  routes: (ctx) => domainModule(createDomainServices(ctx), ctx),
  jobs(ctx) {
    const { edge } = ctx.providers;
    const rollout = createDomainServices(ctx).edge;
    edge.onReport((report) => rollout.handleEdgeReport(report));
    return [
      handle(publishJob, async ({ domainId }) => {
        const work = await rollout.edgeWork(domainId);
        if (work?.kind === 'apply') await edge.apply(work.snapshot);
        if (work?.kind === 'remove') await edge.remove({ domainId, domainName: work.domainName });
      }),
    ];
  },
  commands: domainCommands,
  sampleData: addSampleDomains,
});
