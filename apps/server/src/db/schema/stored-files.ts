import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { at, bytea } from './columns';

/** Uploaded files by the name their store handed out, each in its store's folder (providers/database-file-store.ts). */
export const storedFiles = pgTable('stored_files', {
  name: text('name').primaryKey(),
  folder: text('folder').notNull(),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  data: bytea('data').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
});
