import { limits, staffEdgeRoutes } from '@edgeward/contract';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors';
import { registerRoute } from '../../http/route';
import { staffActor } from '../../lib/staff-audit';
import { importTooLarge, type TrafficImport } from './traffic-import.service';

/** The longest file name kept in the audit log. */
const NAME_MAX = 200;

/** The one file of the upload, read whole (at most the import's limit). */
async function uploadedLogFile(request: FastifyRequest): Promise<{ bytes: Buffer; name: string }> {
  const noFile = () => new AppError('BAD_REQUEST', { messageKey: 'traffic.import.noFile' });
  if (!request.isMultipart()) throw noFile();
  const file = await request.file();
  if (!file) throw noFile();
  try {
    return { bytes: await file.toBuffer(), name: file.filename.slice(0, NAME_MAX) };
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw importTooLarge();
    throw error;
  }
}

/**
 * The console's traffic import (/api/admin/edge/traffic-import; the edge desk's route table, operations' work). A
 * plugin of its own in the traffic area, which owns the ingestion, so that multipart parsing exists only here.
 */
export function trafficImportModule(service: TrafficImport): FastifyPluginAsync {
  return async (app: FastifyInstance) => {
    await app.register(multipart, { limits: { fileSize: limits.traffic.importMaxBytes, files: 1, fields: 2 } });
    registerRoute(app, staffEdgeRoutes.trafficImport, async ({ staff, address, request }) =>
      service.importFile(staffActor(staff, address), await uploadedLogFile(request)),
    );
  };
}
