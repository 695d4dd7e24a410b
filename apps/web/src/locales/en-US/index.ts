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

/** The web's en-US texts: the typed source zh-CN must cover. Each area adds its own file here. */
export const webEnUS = {
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
} as const;
export type WebTextKey = keyof typeof webEnUS;
