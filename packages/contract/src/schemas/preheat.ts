import { z } from 'zod';
import { limits } from '../limits';
import { isDomainName, toAsciiDomain } from '../net/domain-name';
import { EpochMsSchema, epochMsQuery, PageQuerySchema, text } from './common';

/*
 * Preheat and refresh (spec sections 2, 4 and 5): a task is a list of URLs (or directories) of the caller's enabled
 * domains that the edge refreshes or preheats. Each line is checked here with a message key at ['urls', line], so
 * that the form shows the problem under the line's number; the server adds what needs the database (ownership,
 * cache rules, quotas) at the same paths.
 */

export const cacheTaskTypes = ['refreshUrl', 'refreshDir', 'preheat'] as const;
export const CacheTaskTypeSchema = z.enum(cacheTaskTypes, { error: 'validation.required' });
export type CacheTaskType = z.infer<typeof CacheTaskTypeSchema>;

/** Spec section 4: success, processing, failed; a URL has the same three. */
export const cacheTaskStatuses = ['processing', 'success', 'failed'] as const;
export const CacheTaskStatusSchema = z.enum(cacheTaskStatuses, { error: 'validation.invalid' });
export type CacheTaskStatus = z.infer<typeof CacheTaskStatusSchema>;

// Scheme (optional), host (no port, no credentials), then the path with its query.
const URL_LINE = /^(?:(https?):\/\/)?([^/?#\s:@]+)([/?#]\S*)?$/i;

export interface ParsedCacheTaskUrl {
  /** The URL as the edge receives it. */
  href: string;
  scheme: 'http' | 'https';
  host: string;
  /** The path without query or fragment, which the cache rules match. */
  path: string;
  /** The path with its query, as a request to the origin asks for it. */
  pathWithQuery: string;
  hasQuery: boolean;
}

/**
 * A line as the edge receives it: `http://` is added when the line starts with the domain itself, and the host is
 * lower-cased (punycode for IDNs). Null when the line is no URL of a domain.
 */
export function cacheTaskUrl(line: string): ParsedCacheTaskUrl | null {
  const match = URL_LINE.exec(line);
  if (!match) return null;
  const host = toAsciiDomain(match[2] ?? '');
  if (!isDomainName(host)) return null;
  const rest = match[3] ?? '/';
  const full = rest.startsWith('/') ? rest : `/${rest}`;
  const path = full.split(/[?#]/)[0] ?? '/';
  const scheme = (match[1] ?? 'http').toLowerCase() === 'https' ? 'https' : 'http';
  return {
    href: `${scheme}://${host}${full}`,
    scheme,
    host,
    path,
    pathWithQuery: full.split('#')[0] ?? path,
    hasQuery: path !== full,
  };
}

/** The {host} of the format messages: the same example host as the form's placeholders. */
export const cacheTaskFormatParams = { host: 'www.example.com' } as const;

/** What a line that is no URL of a domain is told: the spec's text names preheat URLs, so a refresh has its own. */
export function cacheTaskFormatKey(type: CacheTaskType): 'preheat.url.format' | 'preheat.url.refreshFormat' {
  return type === 'preheat' ? 'preheat.url.format' : 'preheat.url.refreshFormat';
}

/** The message key for one line of a task of `type`, or null when the line is fine on its own. */
export function cacheTaskLineIssue(type: CacheTaskType, line: string): string | null {
  if (line === '') return 'validation.required';
  if (line.length > limits.preheat.urlMax) return 'preheat.url.tooLong';
  const url = cacheTaskUrl(line);
  if (!url) return cacheTaskFormatKey(type);
  if (type === 'refreshDir' && (!url.path.endsWith('/') || url.hasQuery)) return 'preheat.url.directoryEnd';
  return null;
}

export function cacheTaskLineMax(type: CacheTaskType): number {
  return type === 'refreshDir' ? limits.preheat.dirsPerTask : limits.preheat.urlsPerTask;
}

export const CacheTaskCreateSchema = z
  .object({
    type: CacheTaskTypeSchema,
    urls: z.array(text().trim()).min(1, { error: 'validation.required' }),
  })
  .superRefine((task, ctx) => {
    const max = cacheTaskLineMax(task.type);
    if (task.urls.length > max) {
      ctx.addIssue({ code: 'custom', path: ['urls'], message: 'preheat.urls.tooMany', params: { max } });
      return;
    }
    const seen = new Set<string>();
    task.urls.forEach((line, i) => {
      const problem = cacheTaskLineIssue(task.type, line);
      const key = problem ? null : cacheTaskUrl(line)!.href;
      const message = problem ?? (seen.has(key!) ? 'preheat.url.duplicate' : null);
      if (key) seen.add(key);
      if (!message) return;
      const params = message === cacheTaskFormatKey(task.type) ? cacheTaskFormatParams : undefined;
      ctx.addIssue({ code: 'custom', path: ['urls', i], message, params });
    });
  });
export type CacheTaskCreate = z.output<typeof CacheTaskCreateSchema>;

export const CacheTaskListQuerySchema = PageQuerySchema.extend({
  type: CacheTaskTypeSchema.optional(),
  status: CacheTaskStatusSchema.optional(),
  from: epochMsQuery().optional(),
  to: epochMsQuery().optional(),
});
export type CacheTaskListQuery = z.infer<typeof CacheTaskListQuerySchema>;

export const CacheTaskSchema = z.object({
  id: z.number().int(),
  type: CacheTaskTypeSchema,
  status: CacheTaskStatusSchema,
  urlCount: z.number().int(),
  failedCount: z.number().int(),
  /** The first URL, for the history table. */
  firstUrl: z.string(),
  createdAt: EpochMsSchema,
  finishedAt: EpochMsSchema.nullable(),
});
export type CacheTask = z.infer<typeof CacheTaskSchema>;

export const CacheTaskUrlSchema = z.object({
  url: z.string(),
  status: CacheTaskStatusSchema,
  /** Why the edge failed it, in the edge's words. */
  reason: z.string().nullable(),
});
export type CacheTaskUrl = z.infer<typeof CacheTaskUrlSchema>;

export const CacheTaskDetailSchema = CacheTaskSchema.extend({ urls: z.array(CacheTaskUrlSchema) });
export type CacheTaskDetail = z.infer<typeof CacheTaskDetailSchema>;

const QuotaSchema = z.object({ limit: z.number().int(), used: z.number().int() });

/** Today's use of each daily quota; a day is a Beijing (UTC+8) day. */
export const CacheQuotaSchema = z.object({
  day: z.string(),
  refreshUrl: QuotaSchema,
  refreshDir: QuotaSchema,
  preheat: QuotaSchema,
});
export type CacheQuota = z.infer<typeof CacheQuotaSchema>;
