import { defineArea } from '../area';
import { messageCommands } from './message.commands';
import { messageModule } from './message.routes';
import { addSampleMessages } from './message.sample-data';
import { createMessageService } from './message.service';
import { createNoticeDesk } from './notice-desk.service';

/**
 * The message centre: notices from the operator and messages written by events of the other areas (through
 * sendMessage), read and unread, the header bell's count.
 */
export const messageArea = defineArea({
  name: 'message',
  routes: (ctx) =>
    messageModule(
      createMessageService({ db: ctx.database.db, now: () => ctx.now() }),
      createNoticeDesk({ db: ctx.database.db, now: () => ctx.now() }),
    ),
  commands: messageCommands,
  sampleData: addSampleMessages,
});
