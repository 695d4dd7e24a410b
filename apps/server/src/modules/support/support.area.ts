import { handle } from '../../jobs/job';
import { type AreaContext, defineArea } from '../area';
import { supportCommands } from './support.commands';
import { purgeAbandonedImagesJob, purgeAbandonedImagesSchedule } from './support.jobs';
import { supportModule } from './support.routes';
import { addSampleTickets } from './support.sample-data';
import { createTicketService } from './ticket.service';
import { createTicketImageStore, ticketImageFiles } from './ticket-image.store';

const service = (ctx: AreaContext) =>
  createTicketService({ db: ctx.database.db, now: () => ctx.now(), images: createTicketImageStore(ctx.database.db) });

/** Support tickets: submit with images, the conversation with the staff, close with a rating, appeal, delete. */
export const supportArea = defineArea({
  name: 'support',
  routes: (ctx: AreaContext) => supportModule(service(ctx)),
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
