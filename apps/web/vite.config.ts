import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress';

const nodeModule = (names: string) => new RegExp(`[\\\\/]node_modules[\\\\/](${names})[\\\\/]`);

/**
 * The libraries every console page needs once signed in (the layout's menu, dropdowns and drawer, tables, tags,
 * cards, the icons), in one chunk fetched with the layout. Those of a few pages (the charts, date and colour pickers,
 * uploads, steps, QR codes) stay split by use, so the overview does not wait for them.
 */
const pageOnly = [
  'echarts',
  'zrender',
  'dayjs',
  '@rc-component[\\/](picker|color-picker|upload|steps|qrcode|image|cascader|tree|tree-select|mentions|input-number|slider|rate|segmented|textarea)',
  'antd[\\/]es[\\/](date-picker|color-picker|upload|steps|qr-code|image|cascader|tree|tree-select|mentions|input-number|slider|rate|time-picker|calendar|descriptions|timeline|segmented|collapse|popconfirm|alert|checkbox|radio|switch|form|input)[\\/]',
];
const consoleLibrary = new RegExp(`[\\\\/]node_modules[\\\\/](?!${pageOnly.join('|')})`);

/**
 * The customer console's own frame (layout, navigation, stores, and the en-US texts, its own and the contract's, that
 * the first load leaves out), less what it loads only on demand and the operator console's session and texts, which
 * come with that console's chunk. The contract's commerce schemas too: the
 * overview's packages and the operator console's dashboard both need them, and a chunk of their own would be one more
 * request for every signed-in customer. So is a message as the message centre draws it: the overview's latest messages
 * and the operator console's notice preview both show it.
 */
const consoleShell =
  /[\\/](src[\\/](layouts|navigation|stores|i18n)[\\/](?!main[\\/]settings[\\/]|zh-CN|staff-session)|src[\\/]locales[\\/]en-US[\\/](?!admin)|contract[\\/]src[\\/]messages[\\/]en-US[\\/]|contract[\\/]src[\\/]schemas[\\/]commerce\.ts$|src[\\/]features[\\/]message[\\/]Message(View|Content|KindTag)\.tsx$)/;

/** Modules kept only for what is imported from them: declarations, barrels and doors (see `treeshake` below). */
const sideEffectFree =
  /[\\/](packages[\\/]contract[\\/]|node_modules[\\/]@rc-component[\\/]|src[\\/]features[\\/][^\\/]+[\\/]index\.tsx?$)/;

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      // The contract is declarations only (schemas, route and message tables): what the web does not use is dropped.
      // So are antd's unused @rc-component modules: those packages declare no `sideEffects`, and without this an
      // import of one of their barrels keeps every module behind it (the TextArea behind the login page's Input).
      // A feature's door (features/<area>/index.ts) only re-exports; kept for effects, it would tie a page that takes
      // one part through it to the chunks of every other part behind it.
      treeshake: {
        moduleSideEffects: (id) => !sideEffectFree.test(id),
      },
      output: {
        codeSplitting: {
          // React, ReactDOM and the router change together and rarely: one long-cached chunk. What the first page
          // needs (the login page: '$initial', what index.html loads, libraries and our code) goes in one chunk: a
          // dozen small shared chunks compress worse than one, and they are loaded together anyway. Signed in, the
          // console's libraries and its frame are two more (issue 25: 75 script requests after sign-in became 22);
          // what only some pages use (charts, pickers, the zh-CN pack with antd's and dayjs' Chinese texts) stays
          // split by use. `npm run bench -- bundle console` measures both ends.
          groups: [
            { name: 'react', test: nodeModule('react|react-dom|scheduler|react-router|cookie'), priority: 2 },
            { name: 'initial', test: /[\\/](node_modules|src)[\\/]/, tags: ['$initial'], priority: 1 },
            { name: 'console', test: consoleLibrary, priority: 0 },
            { name: 'console-app', test: consoleShell, priority: 0 },
          ],
        },
      },
    },
  },
});
