/**
 * The providers a console component expects, for the web's component tests (files that start with
 * `// @vitest-environment jsdom`); the browser APIs antd needs that jsdom lacks and Testing Library's cleanup are set
 * up for each such file by test/setup.ts.
 */
import { type RenderOptions, render } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import { type ReactElement, type ReactNode, useEffect } from 'react';
import { I18nProvider } from '../i18n';
import { bindFeedback } from '../lib/feedback';

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
