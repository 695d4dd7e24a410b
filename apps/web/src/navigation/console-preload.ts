import { loadConsoleTexts } from '../i18n';

/**
 * Starts fetching what the console's first screen needs (its frame, its texts, the overview) while the user types the
 * password, so that the sign-in is followed by drawing rather than by downloading. The same imports as the routes':
 * the browser fetches each chunk once.
 */
export function preloadConsole() {
  void import('../layouts/MainLayout').catch(() => undefined);
  void import('../features/statistics/OverviewPage').catch(() => undefined);
  void loadConsoleTexts().catch(() => undefined);
}
