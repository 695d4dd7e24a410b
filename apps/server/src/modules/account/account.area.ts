import { handle } from '../../jobs/job';
import { accountCommands } from '../../ops/commands/account';
import { mailCommands } from '../../ops/commands/mail';
import { defineArea } from '../area';
import { purgeExpiredJob, purgeExpiredSchedule, startAccount } from './account.jobs';
import { accountModule } from './account.routes';
import { purgeExpiredSecrets } from './account.service';

/** Accounts: registration, login, profile, sessions; the hourly purge of expired secrets; the demo account. */
export const accountArea = defineArea({
  name: 'account',
  routes: accountModule,
  jobs: (ctx) => [
    handle(purgeExpiredJob, async () => {
      await purgeExpiredSecrets(ctx.database.db, ctx.now());
    }),
  ],
  schedules: [purgeExpiredSchedule],
  // The outbox holds account mail (codes, reset links), so reading it is the account area's command too.
  commands: [...accountCommands, ...mailCommands],
  start: startAccount,
});
