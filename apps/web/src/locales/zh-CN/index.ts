import type { WebTextKey } from '../en-US';
import { account } from './account';
import { certificate } from './certificate';
import { commerce } from './commerce';
import { common } from './common';
import { domain } from './domain';
import { eo } from './eo';
import { identity } from './identity';
import { layout } from './layout';
import { menu } from './menu';
import { message } from './message';
import { operationLog } from './operation-log';
import { preheat } from './preheat';
import { security } from './security';
import { statistics } from './statistics';
import { support } from './support';

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
  ...identity,
  ...preheat,
  ...statistics,
  ...operationLog,
  ...security,
  ...support,
  ...message,
};
