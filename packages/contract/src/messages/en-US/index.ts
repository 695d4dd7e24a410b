import { account } from './account';
import { certificate } from './certificate';
import { commerce } from './commerce';
import { common } from './common';
import { domain } from './domain';
import { eo } from './eo';
import { preheat } from './preheat';
import { traffic } from './traffic';

/** The en-US catalogue: the typed source every other language must cover. Each area adds its own file here. */
export const enUS = {
  ...common,
  ...account,
  ...certificate,
  ...commerce,
  ...domain,
  ...eo,
  ...traffic,
  ...preheat,
} as const;
export type MessageKey = keyof typeof enUS;
