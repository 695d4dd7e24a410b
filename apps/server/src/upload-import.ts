import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './db/connect';
import { areas } from './modules';
import { moveFolderIntoDatabase } from './providers/data-dir-uploads';

/**
 * Moves the uploads an earlier version kept under DATA_DIR (each area's `uploads` folders) into the database, at
 * start after the migrations, before any request can ask for one. Once moved, a folder is renamed and not read again.
 */
export async function importUploads(database: Database, dataDir: string, log: Pick<FastifyBaseLogger, 'info'>) {
  for (const files of areas.flatMap((area) => area.uploads ?? [])) {
    const move = await moveFolderIntoDatabase(database.db, dataDir, files);
    if (move) log.info(move, 'uploaded files moved from DATA_DIR into the database');
  }
}
