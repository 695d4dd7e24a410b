/**
 * Runs before each of the web's test files (vitest's setupFiles). The files share their worker's modules (one import
 * of antd and the console for many files), so what a file drawing into jsdom needs is set up here, for each of them:
 * a module such as test/dom.tsx is evaluated once per worker and would register its hooks for its first file only.
 * Files that do not draw (no document) get nothing.
 */
import { afterEach, beforeAll } from 'vitest';

if (typeof document !== 'undefined') {
  const [{ cleanup }, { loadConsoleTexts, setLocale }] = await Promise.all([
    import('@testing-library/react'),
    import('../i18n'),
  ]);

  // antd's responsive helpers (Grid, Tabs' overflow) ask for media queries, which jsdom does not evaluate: none
  // matches.
  if (!window.matchMedia) {
    window.matchMedia = (query: string) =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        addListener: () => undefined,
        removeListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList;
  }

  // antd's Tabs measure their tabs as they resize; jsdom lays nothing out, so there is never a resize to report.
  if (!window.ResizeObserver) {
    window.ResizeObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
    };
  }

  // antd measures scroll bars through a pseudo-element's style, which jsdom does not implement (and says so on
  // stderr).
  const computedStyle = window.getComputedStyle.bind(window);
  window.getComputedStyle = (element: Element) => computedStyle(element);

  // A console component is drawn after the console's texts have arrived (the layout waits for them): so in its tests.
  beforeAll(() => loadConsoleTexts());

  afterEach(async () => {
    cleanup();
    // A test that switched the language must not leave the next one speaking it.
    await setLocale('en-US');
  });
}
