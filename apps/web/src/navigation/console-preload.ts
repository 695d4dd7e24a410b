import { queryClient } from '../api/query';
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

/** The overview each console variant lands on. */
const overviews = { '/': 'cdn', '/eo': 'eo' } as const;

/**
 * Asks for the landing overview's figures as soon as the session exists: the call runs while the layout is drawn,
 * instead of after it. Any other landing page asks for its own data when it is drawn.
 */
export function prefetchLanding(path: string) {
  const variant = overviews[path as keyof typeof overviews];
  if (!variant) return;
  void import('../api/traffic')
    .then(({ homeStatisticsQuery }) => queryClient.prefetchQuery(homeStatisticsQuery(variant)))
    .catch(() => undefined);
}
