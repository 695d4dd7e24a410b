import type { MessageKey } from '../en-US';
import { common } from './common';

export const zhCN: Record<MessageKey, string> = { ...common };
