import './zod-jitless';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { initI18n } from './i18n';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

// The language pack comes first so that a Chinese user never sees the English texts flash by. The first page is
// rendered as a transition, which React does in slices of a few milliseconds: drawn at once (antd computes its styles
// as it goes), it held the main thread for one task of some 200 ms, during which the page could not answer.
void initI18n().then(() => {
  const root = createRoot(container);
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
});
