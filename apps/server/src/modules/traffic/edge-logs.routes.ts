import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { edgeLogRoutes } from '@edgeward/contract';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { AppError } from '../../http/errors';
import { registerRoute } from '../../http/route';
import type { EdgeNodeAuthenticator } from '../edge/edge-node-auth';
import type { TrafficIngest } from './traffic-ingest.service';

const gunzipAsync = promisify(gunzip);

/** A posted batch: at most 16 MB on the wire, and at most 256 MB of lines once inflated. */
const MAX_BODY = 16 * 1024 * 1024;
const MAX_INFLATED = 256 * 1024 * 1024;

const BATCH_ID = /^[\w.:-]{1,128}$/;

declare module 'fastify' {
  interface FastifyRequest {
    edgeNode?: string;
  }
}

/**
 * The edge's access-log intake. The node's token (issued by the operator, or in EDGE_NODE_TOKENS) is checked before the body is read; the body is taken as bytes
 * (JSON lines, gzip when Content-Encoding says so) and handed to the one ingestion path.
 */
export function edgeLogsModule(authenticate: EdgeNodeAuthenticator, ingest: () => TrafficIngest): FastifyPluginAsync {
  return async (app: FastifyInstance) => {
    const service = ingest();
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_BODY }, (_request, body, done) =>
      done(null, body),
    );
    app.addHook('onRequest', async (request) => {
      const node = await authenticate(request.headers.authorization);
      if (node === null) throw new AppError('UNAUTHORIZED', { messageKey: 'traffic.edge.unauthorized' });
      request.edgeNode = node.name;
    });
    registerRoute(app, edgeLogRoutes.ingest, async ({ request }) => {
      const body = request.body;
      if (!Buffer.isBuffer(body)) throw new AppError('BAD_REQUEST', { messageKey: 'traffic.edge.badBody' });
      const encoding = String(request.headers['content-encoding'] ?? 'identity').toLowerCase();
      if (encoding !== 'identity' && encoding !== 'gzip') {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', { messageKey: 'traffic.edge.badBody' });
      }
      const batchId = request.headers['x-batch-id'];
      if (batchId !== undefined && (typeof batchId !== 'string' || !BATCH_ID.test(batchId))) {
        throw new AppError('BAD_REQUEST', { fields: { 'x-batch-id': 'validation.invalid' } });
      }
      let text: string;
      try {
        text =
          encoding === 'gzip'
            ? (await gunzipAsync(body, { maxOutputLength: MAX_INFLATED })).toString('utf8')
            : body.toString('utf8');
      } catch {
        throw new AppError('BAD_REQUEST', { messageKey: 'traffic.edge.badBody' });
      }
      return service.ingest({
        node: request.edgeNode!,
        batchId,
        text,
        gzipped: encoding === 'gzip' ? body : undefined,
      });
    });
  };
}
