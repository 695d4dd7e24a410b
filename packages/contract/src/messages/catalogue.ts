// Apart from translate.ts and issue-message.ts, which the web's first load takes: whatever imports this module takes
// every message of the catalogue with it.
import { enUS, type MessageKey } from './en-US';
import { type IssueLike, issueMessageIn } from './issue-message';
import type { MessageParams } from './translate';

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(enUS, key);
}

/** A zod issue as a message key of the whole catalogue with its parameters (issueMessageIn). */
export function issueMessage(issue: IssueLike): { key: string; params?: MessageParams } {
  return issueMessageIn(issue, isMessageKey);
}
