import { account } from './account';
import { common } from './common';
import { layout } from './layout';
import { menu } from './menu';

/**
 * The en-US texts of the first load: the frame, the menu and the sign-in screens. Every other area's texts come
 * with the console (i18n-store loadConsoleTexts), so a visitor of the login page downloads none of them.
 */
export const webEnUSCore = {
  ...common,
  ...menu,
  ...layout,
  ...account,
} as const;
