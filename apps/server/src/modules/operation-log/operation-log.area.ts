import { defineArea } from '../area';
import { operationLogModule } from './operation-log.routes';
import { addSampleOperations } from './operation-log.sample-data';
import { createOperationLogService } from './operation-log.service';

/**
 * The operation log: every area records its changes with recordOperation (operation-log.recorder.ts) in the
 * change's own transaction; this area reads them back, page by page or as CSV, and gives the demo account a week of
 * sample rows.
 */
export const operationLogArea = defineArea({
  name: 'operation-log',
  routes: (ctx) => operationLogModule(createOperationLogService({ db: ctx.database.db }), () => ctx.now()),
  sampleData: addSampleOperations,
});
