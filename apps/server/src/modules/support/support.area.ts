import { handle } from '../../jobs/job';
import { type AreaContext, defineArea } from '../area';
import { supportCommands } from './support.commands';
import { purgeAbandonedImagesJob, purgeAbandonedImagesSchedule } from './support.jobs';
import { supportModule } from './support.routes';
import { addSampleTickets } from './support.sample-data';
import { createTicketService } from './ticket.service';
import { createTicketImageStore, type TicketImageStore } from './ticket-image.store';

// One image store per app: its routes and its purge job share the folder (a temporary one for in-memory data).
const stores = new WeakMap<AreaContext, TicketImageStore>();
const imagesOf = (ctx: AreaContext) => {
  let store = stores.get(ctx);
  if (!store) {
    store = createTicketImageStore(ctx.config.dataDir);
    stores.set(ctx, store);
  }
  return store;
};
const service = (ctx: AreaContext) =>
  createTicketService({ db: ctx.database.db, now: () => ctx.now(), images: imagesOf(ctx) });

/** Support tickets: submit with images, the conversation with the staff, close with a rating, appeal, delete. */
export const supportArea = defineArea({
  name: 'support',
  routes: (ctx: AreaContext) => async (app) => {
    app.addHook('onClose', () => imagesOf(ctx).close());
    await app.register(supportModule(service(ctx)));
  },
  jobs: (ctx) => [
    handle(purgeAbandonedImagesJob, async () => {
      await service(ctx).purgeAbandonedImages();
    }),
  ],
  schedules: [purgeAbandonedImagesSchedule],
  commands: supportCommands,
  sampleData: addSampleTickets,
});
