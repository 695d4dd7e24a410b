import { type EdgeLogBatchResult, edgeLogRoutes } from '@edgeward/contract';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { AppError } from '../../http/errors';
import { registerRoute } from '../../http/route';
import type { AreaMetrics } from '../area';
import type { EdgeNodeAuthenticator } from '../edge';
import { InflatedTooLargeError, inflateText } from './log-reader';
import type { TrafficIngest } from './traffic-ingest.service';

/**
 * A posted batch: at most 16 MB on the wire, and at most 32 MB of lines once inflated (the edge agent ships at most
 * 8 MB of lines at a time), refused as soon as inflating passes that.
 */
const MAX_BODY = 16 * 1024 * 1024;
export const MAX_INFLATED = 32 * 1024 * 1024;

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
export function edgeLogsModule(
  authenticate: EdgeNodeAuthenticator,
  ingest: () => TrafficIngest,
  metrics: Pick<AreaMetrics, 'accessLogLines'>,
): FastifyPluginAsync {
  return async (app: FastifyInstance) => {
    const service = ingest();
    const counted = async (result: Promise<EdgeLogBatchResult>) => {
      const r = await result;
      if (r.duplicate) metrics.accessLogLines('duplicate', r.lines);
      else {
        metrics.accessLogLines('ingested', r.accepted);
        metrics.accessLogLines('unknown_host', r.unknownHost);
        metrics.accessLogLines('rejected', r.rejected);
      }
      return r;
    };
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
      const node = request.edgeNode!;
      if (encoding === 'identity') return counted(service.ingest({ node, batchId, text: body.toString('utf8') }));
      let text: string;
      try {
        text = await inflateText(body, MAX_INFLATED);
      } catch (error) {
        if (error instanceof InflatedTooLargeError) {
          throw new AppError('PAYLOAD_TOO_LARGE', {
            messageKey: 'traffic.edge.tooLarge',
            params: { max: MAX_INFLATED / 1024 / 1024 },
          });
        }
        throw new AppError('BAD_REQUEST', { messageKey: 'traffic.edge.badBody' });
      }
      return counted(service.ingest({ node, batchId, text, gzipped: body }));
    });
  };
}
