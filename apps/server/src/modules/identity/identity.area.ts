import { secretBoxOf } from '../../secrets/secret-box';
import { type AreaContext, defineArea } from '../area';
import { identityCommands } from './identity.commands';
import { identityModule } from './identity.routes';
import { addSampleIdentity } from './identity.sample-data';
import { createRealNameService } from './real-name.service';
import { createRealNameDesk } from './real-name-desk.service';

const realNameService = (ctx: AreaContext) =>
  createRealNameService({
    db: ctx.database.db,
    now: () => ctx.now(),
    verifier: ctx.providers.identity,
    box: secretBoxOf(ctx.config),
    publicUrl: ctx.config.publicUrl,
    dailyFailureLimit: ctx.config.identity.dailyFailureLimit,
  });

/**
 * Identity: real-name verification (name and ID number, then a face check through the IdentityVerifier port) and
 * the operator's review. The account's realNameVerified flag, which the guards of other areas read
 * (real-name.guard.ts), is written here only.
 */
export const identityArea = defineArea({
  name: 'identity',
  routes: (ctx) =>
    identityModule({
      realName: () => realNameService(ctx),
      desk: createRealNameDesk({ db: ctx.database.db, now: () => ctx.now() }),
      verifier: ctx.providers.identity,
    }),
  commands: identityCommands,
  sampleData: addSampleIdentity,
});
