import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress';

const nodeModule = (names: string) => new RegExp(`[\\\\/]node_modules[\\\\/](${names})[\\\\/]`);

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
      treeshake: {
        moduleSideEffects: (id) => !/[\\/](packages[\\/]contract|node_modules[\\/]@rc-component)[\\/]/.test(id),
      },
      output: {
        codeSplitting: {
          // React, ReactDOM and the router change together and rarely: one long-cached chunk. antd is left to the
          // automatic splitting on purpose: imported through its barrel, a named antd group would capture every
          // component any page uses and put it in front of the login page; split by use, the first page only
          // loads the components it renders, and each later page (and the zh-CN pack, antd's and dayjs' Chinese
          // texts included) brings its own.
          // The libraries the first page needs all go in one chunk too ('$initial': what index.html loads): a dozen
          // small shared chunks compress worse than one, and they are loaded together anyway.
          groups: [
            { name: 'react', test: nodeModule('react|react-dom|scheduler|react-router|cookie'), priority: 2 },
            { name: 'initial', test: /[\\/]node_modules[\\/]/, tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
});
