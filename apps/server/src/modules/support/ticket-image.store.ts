import { type TicketImageExt, ticketImageTypes } from '@edgeward/contract';
import type { Executor } from '../../db/connect';
import { createDatabaseFileStore } from '../../providers/database-file-store';
import type { FileFolder, FileStore } from '../../providers/file-store';

export type TicketImageStore = FileStore<TicketImageExt>;

/** The customers' and the staff's images alike, served only to the ticket's owner (support.routes.ts). */
export const ticketImageFiles: FileFolder<TicketImageExt> = { folder: 'ticket-images', types: ticketImageTypes };

export function createTicketImageStore(db: Executor): TicketImageStore {
  return createDatabaseFileStore(db, ticketImageFiles);
}
