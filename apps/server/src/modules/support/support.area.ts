import { type AreaContext, defineArea } from '../area';
import { supportCommands } from './support.commands';
import { supportModule } from './support.routes';
import { addSampleTickets } from './support.sample-data';
import { createTicketService } from './ticket.service';
import { createTicketImageStore } from './ticket-image.store';

/** Support tickets: submit with images, the conversation with the staff, close with a rating, appeal, delete. */
export const supportArea = defineArea({
  name: 'support',
  routes: (ctx: AreaContext) => async (app) => {
    const images = createTicketImageStore(ctx.config.dataDir);
    app.addHook('onClose', () => images.close());
    await app.register(supportModule(createTicketService({ db: ctx.database.db, now: () => ctx.now(), images })));
  },
  commands: supportCommands,
  sampleData: addSampleTickets,
});
