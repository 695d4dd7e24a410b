import { account } from './account';
import { common } from './common';

/**
 * The messages the sign-in screens show (the generic errors and validation, the account's own): the web's first
 * load carries only these; the rest of the catalogue arrives with the console.
 */
export const enUSCore = {
  ...common,
  ...account,
} as const;
