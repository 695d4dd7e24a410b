import type { MessageKey } from '../en-US';
import { account } from './account';
import { common } from './common';

export const zhCN: Record<MessageKey, string> = { ...common, ...account };
