import { account } from './account';
import { common } from './common';

/** The en-US catalogue: the typed source every other language must cover. Each area adds its own file here. */
export const enUS = { ...common, ...account } as const;
export type MessageKey = keyof typeof enUS;
