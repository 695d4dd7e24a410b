import { certificate } from './certificate';
import { commerce } from './commerce';
import { enUSCore } from './core';
import { domain } from './domain';
import { eo } from './eo';
import { identity } from './identity';
import { operationLog } from './operation-log';
import { preheat } from './preheat';
import { security } from './security';
import { staff } from './staff';
import { support } from './support';
import { traffic } from './traffic';

/** The en-US catalogue: the typed source every other language must cover. Each area adds its own file here. */
export const enUS = {
  ...enUSCore,
  ...certificate,
  ...commerce,
  ...domain,
  ...traffic,
  ...preheat,
  ...operationLog,
  ...identity,
  ...security,
  ...support,
  ...staff,
  ...eo,
} as const;
export type MessageKey = keyof typeof enUS;
