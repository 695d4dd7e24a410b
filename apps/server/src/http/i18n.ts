import { type Catalogue, enUS, format, type Locale, type MessageParams, pickLocale } from '@edgeward/contract';
import { icuFormat } from '@edgeward/contract/messages/icu';
import { zhCN } from '@edgeward/contract/messages/zh-CN/index';
import type { FastifyRequest } from 'fastify';

const catalogues: Record<Locale, Catalogue> = { 'en-US': enUS, 'zh-CN': zhCN };
const icu = { 'en-US': icuFormat('en-US'), 'zh-CN': icuFormat('zh-CN') };

export function localeOf(request: FastifyRequest): Locale {
  return pickLocale(request.headers['accept-language']);
}

export function translate(locale: Locale, key: string, params?: MessageParams): string {
  return format(catalogues[locale], key, params, icu[locale]);
}
