import { type ErrorId, errorStatus, issueMessage } from '@edgeward/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailableError, isInvalidTextError } from './db-errors';
import { AppError } from './errors';
import { localeOf, translate } from './i18n';

interface ValidationIssue {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

function fieldPath(instancePath: string): string {
  return instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
}

function send(reply: FastifyReply, id: ErrorId, message: string, fields?: Record<string, string>): FastifyReply {
  const status = errorStatus[id];
  // A database restart or a process not ready yet: a client or balancer may try again shortly.
  if (status === 503) reply.header('retry-after', '2');
  return reply.status(status).send({ code: status, message, data: null, error: id, ...(fields ? { fields } : {}) });
}

const fastifyCodeToId: Record<string, ErrorId> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'BAD_REQUEST',
  FST_ERR_CTP_INVALID_JSON_BODY: 'BAD_REQUEST',
  FST_REQ_FILE_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_FILES_LIMIT: 'PAYLOAD_TOO_LARGE',
};

/** Every failure leaves as the envelope in the caller's language; unexpected ones are logged and kept generic. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const locale = localeOf(request);
    if (error instanceof AppError) {
      const fields = error.options.fields
        ? Object.fromEntries(
            Object.entries(error.options.fields).map(([k, key]) => [k, translate(locale, key, error.options.params)]),
          )
        : undefined;
      const message = translate(locale, error.options.messageKey ?? `errors.${error.id}`, error.options.params);
      return send(reply, error.id, message, fields);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation as unknown as ValidationIssue[]) {
        const path = fieldPath(issue.instancePath);
        if (fields[path]) continue;
        const { key, params } = issueMessage({ code: issue.keyword, message: issue.message, ...issue.params });
        fields[path] = translate(locale, key, params);
      }
      return send(
        reply,
        'VALIDATION_FAILED',
        Object.values(fields)[0] ?? translate(locale, 'errors.VALIDATION_FAILED'),
        fields,
      );
    }
    const mapped = error.code ? fastifyCodeToId[error.code] : undefined;
    if (mapped) return send(reply, mapped, translate(locale, `errors.${mapped}`));
    if (error.statusCode === 429) return send(reply, 'RATE_LIMITED', translate(locale, 'errors.RATE_LIMITED'));
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: error }, 'client error');
      return send(reply, 'BAD_REQUEST', translate(locale, 'errors.BAD_REQUEST'));
    }
    if (isInvalidTextError(error)) {
      // The caller's bad input, not a fault: no stack and no SQL (it would carry the input) in the log.
      request.log.info({ code: 'INVALID_TEXT' }, 'client error: text the database cannot store');
      return send(reply, 'BAD_REQUEST', translate(locale, 'errors.BAD_REQUEST'));
    }
    if (isDatabaseUnavailableError(error)) {
      // A restart or failover of the database: the pool connects anew, the caller may simply try again.
      request.log.warn({ err: error }, 'database unavailable');
      return send(reply, 'SERVICE_UNAVAILABLE', translate(locale, 'errors.SERVICE_UNAVAILABLE'));
    }
    request.log.error({ err: error }, 'unexpected error');
    return send(reply, 'INTERNAL', translate(locale, 'errors.INTERNAL'));
  });
}

export function sendNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const locale = localeOf(request);
  return send(reply, 'NOT_FOUND', translate(locale, 'errors.NOT_FOUND'));
}
