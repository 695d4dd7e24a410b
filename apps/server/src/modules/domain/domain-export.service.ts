import { type DomainVariant, toAsciiDomain } from '@edgeward/contract';
import type { Db } from '../../db/connect';
import { toListItem } from './domain.presenter';
import * as listRepo from './domain-list.repository';
import type { Caller } from './domain-steps';

export interface DomainExportServiceDeps {
  db: Db;
  variant: DomainVariant;
}

/** The CSV export of a customer's domains. */
export function createDomainExportService(deps: DomainExportServiceDeps) {
  const { db, variant } = deps;
  return {
    /**
     * The caller's domains, newest first, in keyset batches (constant memory, and each batch costs the same
     * however far in). The first batch is read before anything is sent, so that a failure can still be answered
     * as an error.
     */
    async exportRows(user: Caller, search: string | undefined, batchSize = 1000) {
      const filter: listRepo.ListFilter = {
        userId: user.id,
        variant,
        search: search ? toAsciiDomain(search) : undefined,
      };
      const first = await listRepo.exportBatch(db, filter, null, batchSize);
      async function* rows() {
        let batch = first;
        while (batch.length > 0) {
          for (const row of batch) yield toListItem(row);
          if (batch.length < batchSize) return;
          batch = await listRepo.exportBatch(db, filter, batch[batch.length - 1]!, batchSize);
        }
      }
      return rows();
    },
  };
}
