import { account } from './account';
import { certificate } from './certificate';
import { commerce } from './commerce';
import { common } from './common';
import { domain } from './domain';
import { layout } from './layout';
import { menu } from './menu';
import { message } from './message';
import { preheat } from './preheat';
import { statistics } from './statistics';
import { support } from './support';

/** The web's en-US texts: the typed source zh-CN must cover. Each area adds its own file here. */
export const webEnUS = {
  ...common,
  ...menu,
  ...layout,
  ...account,
  ...domain,
  ...certificate,
  ...commerce,
  ...preheat,
  ...statistics,
  ...support,
  ...message,
} as const;
export type WebTextKey = keyof typeof webEnUS;
