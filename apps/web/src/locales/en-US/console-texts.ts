import { enUS } from '@edgeward/contract';
import { webEnUS } from '.';

/** Every en-US text of the console, the contract's messages and the web's own: one chunk, fetched with the console. */
export const consoleEnUS = { ...enUS, ...webEnUS };
