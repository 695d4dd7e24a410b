import { type TicketImageExt, ticketImageTypes } from '@edgeward/contract';
import { createFileStore, type FileStore } from '../../providers/file-store';

export type TicketImageStore = FileStore<TicketImageExt>;

/** Ticket images under <dataDir>/ticket-images, served only to the ticket's owner (support.routes.ts). */
export function createTicketImageStore(dataDir: string): TicketImageStore {
  return createFileStore(dataDir, 'ticket-images', ticketImageTypes);
}
