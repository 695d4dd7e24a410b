import type { ErrorId, MessageParams } from '@edgeward/contract';

/**
 * A failure the caller should see: a stable id (contract/errors.ts), optional message parameters and, for
 * validation, field path -> message key. The error handler turns it into the localized envelope.
 */
export class AppError extends Error {
  constructor(
    readonly id: ErrorId,
    readonly options: { params?: MessageParams; fields?: Record<string, string>; messageKey?: string } = {},
  ) {
    super(id);
    this.name = 'AppError';
  }
}

/** A validation failure on one field, with the message key the form shows under that field. */
export function fieldError(field: string, messageKey: string, params?: MessageParams): AppError {
  return new AppError('VALIDATION_FAILED', { fields: { [field]: messageKey }, messageKey, params });
}

export const notFound = () => new AppError('NOT_FOUND');
