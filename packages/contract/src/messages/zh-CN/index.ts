import type { MessageKey } from '../en-US';
import { account } from './account';
import { certificate } from './certificate';
import { commerce } from './commerce';
import { common } from './common';
import { domain } from './domain';
import { eo } from './eo';
import { preheat } from './preheat';
import { traffic } from './traffic';

export const zhCN: Record<MessageKey, string> = {
  ...common,
  ...account,
  ...certificate,
  ...commerce,
  ...domain,
  ...eo,
  ...traffic,
  ...preheat,
};
