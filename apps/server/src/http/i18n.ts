import { type Catalogue, enUS, format, type Locale, type MessageParams, pickLocale } from '@edgeward/contract';
import { zhCN } from '@edgeward/contract/messages/zh-CN/index';
import type { FastifyRequest } from 'fastify';

const catalogues: Record<Locale, Catalogue> = { 'en-US': enUS, 'zh-CN': zhCN };

export function localeOf(request: FastifyRequest): Locale {
  return pickLocale(request.headers['accept-language']);
}

export function translate(locale: Locale, key: string, params?: MessageParams): string {
  return format(catalogues[locale], key, params);
}
