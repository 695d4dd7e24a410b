import type { Locale } from '@edgeward/contract';
import { zhCN as zhCNContract } from '@edgeward/contract/messages/zh-CN/index';
import antdZhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { webZhCN } from '../locales/zh-CN';

/**
 * The on-demand Chinese pack; only i18n-store imports it, and only with import(). It knows nothing of the store (the
 * store's catalogue type checks the texts where the pack is put in force).
 */
export const catalogue = { ...zhCNContract, ...webZhCN };
export const antdLocale = antdZhCN;

/**
 * dayjs' global language. Only this pack switches it (the store asks it to, both ways), so that dayjs stays out of
 * the first chunk: without the pack, dayjs never left its built-in English.
 */
export function setDayjsLocale(locale: Locale): void {
  dayjs.locale(locale === 'zh-CN' ? 'zh-cn' : 'en');
}
