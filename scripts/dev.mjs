// `npm run dev`: the API server restarting on change (tsx watch) and the Vite dev server with hot reload, which
// proxies /api to it. Open the Vite address (http://localhost:5173); PORT sets the API server's port.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { root } from './web-build.mjs';

const apiPort = Number(process.env.PORT ?? 8080);
const webPort = Number(process.env.WEB_PORT ?? 5173);
const require = createRequire(import.meta.url);
const tsxCli = path.join(path.dirname(require.resolve('tsx/package.json')), 'dist/cli.mjs');

const args = [tsxCli, 'watch', '--clear-screen=false', 'apps/server/src/main.ts'];
console.log(`> tsx watch apps/server/src/main.ts (API on port ${apiPort})`);
// In a process group of its own, so that a Ctrl-C reaches tsx once (from here) rather than twice: a second signal
// makes tsx kill the server without letting it close the database.
const server = spawn(process.execPath, args, {
  cwd: root,
  stdio: 'inherit',
  detached: true,
  env: { ...process.env, PORT: String(apiPort) },
});

const { createServer } = await import('vite');
const vite = await createServer({
  root: path.join(root, 'apps/web'),
  server: {
    port: webPort,
    strictPort: true,
    proxy: { '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false } },
  },
});
await vite.listen();
vite.printUrls();

let stopping = false;
async function stop(signal) {
  if (stopping) return;
  stopping = true;
  if (server.exitCode === null) server.kill(signal === 'SIGHUP' ? 'SIGTERM' : signal);
  await vite.close();
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => void stop(signal));
server.on('exit', (code) => {
  void stop('SIGTERM').then(() => process.exit(code ?? 0));
});
