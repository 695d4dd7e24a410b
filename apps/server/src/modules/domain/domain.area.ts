import { handle } from '../../jobs/job';
import { type Area, defineArea } from '../area';
import { domainCommands } from './domain.commands';
import { publishJob } from './domain.jobs';
import { domainModule } from './domain.routes';
import { addSampleDomains } from './domain.sample-data';
import { createDomainServices, type DomainPorts } from './domain.services';

/**
 * Accelerated domains: their routes, the publish job that carries every change to the edge, the review queue, and
 * the demo account's sample domains. What it asks of the areas that depend on it comes in as ports.
 */
export const domainArea = (ports: DomainPorts): Area =>
  defineArea({
    name: 'domain',
    routes: (ctx) => domainModule(createDomainServices(ctx, ports), ctx),
    jobs(ctx) {
      const { edge } = ctx.providers;
      const rollout = createDomainServices(ctx, ports).edge;
      edge.onReport((report) => rollout.handleEdgeReport(report));
      return [
        handle(publishJob, async ({ domainId }) => {
          const work = await rollout.edgeWork(domainId);
          if (work?.kind === 'apply') await edge.apply(work.snapshot);
          if (work?.kind === 'remove') await edge.remove({ domainId, domainName: work.domainName });
        }),
      ];
    },
    commands: domainCommands(ports),
    sampleData: addSampleDomains,
  });
