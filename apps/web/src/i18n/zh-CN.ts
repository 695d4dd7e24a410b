import { zhCN as zhCNContract } from '@edgeward/contract/messages/zh-CN/index';
import antdZhCN from 'antd/es/locale/zh_CN';
import 'dayjs/locale/zh-cn';
import { webZhCN } from '../locales/zh-CN';
import type { Catalogue } from './i18n-store';

/** The on-demand Chinese pack; only i18n-store imports it, and only with import(). */
export const catalogue: Catalogue = { ...zhCNContract, ...webZhCN };
export const antdLocale = antdZhCN;
