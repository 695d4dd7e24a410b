/**
 * The one setup of the web's component tests (files that start with `// @vitest-environment jsdom` and import this
 * module first): the browser APIs antd needs that jsdom lacks, Testing Library's cleanup, and the providers a
 * console component expects.
 */
import { cleanup, type RenderOptions, render } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import { type ReactElement, type ReactNode, useEffect } from 'react';
import { afterEach, beforeAll } from 'vitest';
import { I18nProvider, loadConsoleTexts, setLocale } from '../i18n';
import { bindFeedback } from '../lib/feedback';

// antd's responsive helpers (Grid, Tabs' overflow) ask for media queries, which jsdom does not evaluate: none matches.
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

// antd measures scroll bars through a pseudo-element's style, which jsdom does not implement (and says so on stderr).
const computedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => computedStyle(element);

// A console component is drawn after the console's texts have arrived (the layout waits for them): so in its tests.
beforeAll(() => loadConsoleTexts());

afterEach(async () => {
  cleanup();
  // A test that switched the language must not leave the next one speaking it.
  await setLocale('en-US');
});

/** Lends antd's message, notification and modal to code outside components (reportFormError), as the console does. */
function FeedbackBinding() {
  const apis = App.useApp();
  useEffect(() => bindFeedback(apis), [apis]);
  return null;
}

/** The providers of the console around a component: the language, antd's theme and feedback APIs. */
export function Providers({ children }: { children: ReactNode }) {
  // Motion off: a closing message or modal leaves the page at once instead of after its animation. No styles made at
  // run time: jsdom would parse them (slowly, and not all of them) and weigh them at every getComputedStyle, while no
  // test looks at a style. So what antd hides by a class (a closed dropdown) stays visible to queries: look inside
  // the open one.
  return (
    <I18nProvider>
      <ConfigProvider theme={{ zeroRuntime: true, token: { motion: false } }}>
        <App>
          <FeedbackBinding />
          {children}
        </App>
      </ConfigProvider>
    </I18nProvider>
  );
}

export function renderInConsole(ui: ReactElement, options?: Omit<RenderOptions, 'wrapper'>) {
  return render(ui, { wrapper: Providers, ...options });
}
