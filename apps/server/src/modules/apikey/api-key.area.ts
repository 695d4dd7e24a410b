import { handle } from '../../jobs/job';
import { secretBoxOf } from '../../secrets/secret-box';
import { defineArea } from '../area';
import { purgeNoncesJob, purgeNoncesSchedule } from './api-key.jobs';
import * as repo from './api-key.repository';
import { apiKeyModule } from './api-key.routes';
import { addSampleApiKeys } from './api-key.sample-data';
import { createApiKeyService } from './api-key.service';

/**
 * API keys: the key list, the nonces of signed calls purged every 10 minutes, two sample keys for the demo. The signature check itself
 * (api-key-auth.ts) is part of authentication, built with the session service in app.ts.
 */
export const apiKeyArea = defineArea({
  name: 'apikey',
  routes: (ctx) =>
    apiKeyModule(createApiKeyService({ db: ctx.database.db, box: secretBoxOf(ctx.config), now: ctx.now })),
  jobs: (ctx) => [
    handle(purgeNoncesJob, async () => {
      await repo.purgeNonces(ctx.database.db, ctx.now());
    }),
  ],
  schedules: [purgeNoncesSchedule],
  sampleData: addSampleApiKeys,
});
