import type { WebTextKey } from '../en-US';
import { account } from './account';
import { certificate } from './certificate';
import { commerce } from './commerce';
import { common } from './common';
import { domain } from './domain';
import { eo } from './eo';
import { layout } from './layout';
import { menu } from './menu';
import { preheat } from './preheat';
import { statistics } from './statistics';

/** Loaded on demand only (see i18n/zh-CN.ts): never import this from code in the initial bundle. */
export const webZhCN: Record<WebTextKey, string> = {
  ...common,
  ...menu,
  ...layout,
  ...account,
  ...domain,
  ...eo,
  ...certificate,
  ...commerce,
  ...preheat,
  ...statistics,
};
