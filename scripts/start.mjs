// `npm start`: build the web app and the server if either is missing or stale, then run the built server in the
// foreground. PORT, DATA_DIR, DATABASE_URL and the rest of the environment pass through unchanged.
import { spawn } from 'node:child_process';
import { ensureServerBuild, serverEntry } from './server-build.mjs';
import { ensureWebBuild, root } from './web-build.mjs';

if (!ensureWebBuild() || !(await ensureServerBuild())) process.exit(1);

const args = ['--enable-source-maps', serverEntry];
console.log(`> node ${args.join(' ')}`);
const server = spawn(process.execPath, args, { cwd: root, stdio: 'inherit' });

// Ctrl-C reaches the whole process group, so the server usually sees the signal itself; a signal sent to this process
// alone (a supervisor, `kill`) is passed on. The server shuts down once either way, and we exit with it. A closed
// terminal (SIGHUP) becomes SIGTERM, which the server handles gracefully.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (server.exitCode === null) server.kill(signal === 'SIGHUP' ? 'SIGTERM' : signal);
  });
}
server.on('exit', (code, signal) => {
  process.exit(code ?? (signal === 'SIGINT' || signal === 'SIGTERM' ? 0 : 1));
});
