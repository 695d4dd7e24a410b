import { z } from 'zod';
import { limits } from '../limits';

/** Successful envelope: code 200, a message and the data. Failures add `error` and, for validation, `fields`. */
export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({ code: z.literal(200), message: z.string(), data });
}

export const ErrorEnvelopeSchema = z.object({
  code: z.number().int(),
  message: z.string(),
  data: z.null(),
  error: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

/** Page numbers are 1-based on every list but the message list, which the spec makes 0-based. */
export const PageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(limits.page.maxSize).default(limits.page.defaultSize),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), total: z.number().int(), page: z.number().int(), size: z.number().int() });
}

export const IdParamsSchema = z.object({ id: z.coerce.number().int().positive() });

/** Epoch milliseconds, as the API speaks time. */
export const EpochMsSchema = z.number().int();

export const EmptySchema = z.null();

/** Trims strings before validating: input that is only spaces counts as empty ('Input cannot be empty'). */
export function requiredText(key = 'validation.required') {
  return z.string({ error: key }).trim().min(1, { error: key });
}
