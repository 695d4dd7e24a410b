import type { MessageKey } from '../en-US';
import { account } from './account';
import { certificate } from './certificate';
import { commerce } from './commerce';
import { common } from './common';
import { domain } from './domain';
import { eo } from './eo';
import { identity } from './identity';
import { operationLog } from './operation-log';
import { preheat } from './preheat';
import { security } from './security';
import { staff } from './staff';
import { support } from './support';
import { traffic } from './traffic';

export const zhCN: Record<MessageKey, string> = {
  ...common,
  ...account,
  ...certificate,
  ...commerce,
  ...domain,
  ...identity,
  ...eo,
  ...traffic,
  ...preheat,
  ...operationLog,
  ...security,
  ...support,
  ...staff,
};
