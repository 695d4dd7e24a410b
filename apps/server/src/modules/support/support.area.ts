import { handle } from '../../jobs/job';
import { type AreaContext, defineArea } from '../area';
import { supportCommands } from './support.commands';
import { purgeAbandonedImagesJob, purgeAbandonedImagesSchedule } from './support.jobs';
import { supportModule } from './support.routes';
import { addSampleTickets } from './support.sample-data';
import { createTicketService } from './ticket.service';
import { createTicketDesk } from './ticket-desk.service';
import { createTicketImageStore, ticketImageFiles } from './ticket-image.store';

const deps = (ctx: AreaContext) => ({
  db: ctx.database.db,
  now: () => ctx.now(),
  images: createTicketImageStore(ctx.database.db),
});
const service = (ctx: AreaContext) => createTicketService(deps(ctx));

/** Support tickets: submit with images, the conversation with the staff, close with a rating, appeal, delete. */
export const supportArea = defineArea({
  name: 'support',
  routes: (ctx: AreaContext) => supportModule(service(ctx), createTicketDesk(deps(ctx))),
  jobs: (ctx) => [
    handle(purgeAbandonedImagesJob, async () => {
      await service(ctx).purgeAbandonedImages();
    }),
  ],
  schedules: [purgeAbandonedImagesSchedule],
  commands: supportCommands,
  uploads: [ticketImageFiles],
  sampleData: addSampleTickets,
});
