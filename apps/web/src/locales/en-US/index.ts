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

/**
 * The web's en-US texts: the typed source zh-CN must cover. Each area adds its own file here. The first load
 * carries only core.ts; this whole catalogue arrives with the console (i18n-store loadConsoleTexts).
 */
export const webEnUS = {
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
} as const;
export type WebTextKey = keyof typeof webEnUS;
