import { buildApp } from './app';
import { isLoopbackHost, loadConfig } from './config';
import { connect } from './db/connect';
import { DataDirLockedError } from './db/data-dir-lock';
import { migrate } from './db/migrate';
import { startBackground } from './jobs';
import { commands } from './ops/command-list';
import { serveOps } from './ops/ops-socket';
import { opsSocketPath } from './ops/ops-socket-client';
import { checkEncryptionKey, EncryptionKeyMismatchError } from './secrets/key-canary';
import { importUploads } from './upload-import';

const config = loadConfig();
const database = await connect({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }).catch((error) => {
  if (!(error instanceof DataDirLockedError)) throw error;
  console.error(`${error.message} Stop that process first, or set DATABASE_URL to use PostgreSQL.`);
  process.exit(1);
});
const applied = await migrate(database);
await checkEncryptionKey(database, config).catch(async (error) => {
  if (!(error instanceof EncryptionKeyMismatchError)) throw error;
  console.error(`${error.message} Refusing to start.`);
  await database.close();
  process.exit(1);
});
const app = await buildApp({ config, database });
if (applied.length) app.log.info({ applied }, 'migrations applied');
await importUploads(database, config.dataDir, app.log);
if (config.fixedCaptcha || config.fixedCode) {
  app.log.warn(
    '!!! TEST_FIXED_CAPTCHA / TEST_FIXED_CODE set: every captcha and code accepts a fixed answer. Tests only !!!',
  );
}
if (config.env === 'production' && config.publicUrlDefaulted) {
  app.log.warn(`PUBLIC_URL is not set: links in mail point at ${config.publicUrl}, which customers cannot open`);
}
if (config.payment.sandboxLive) {
  app.log.warn(
    'PAYMENT_GATEWAY=sandbox in production: whoever opens a sandbox pay page confirms the payment and the balance is credited for real. Only for staging or demo hosts (docs/architecture.md, "Payments")',
  );
}
if (config.identity.sandboxLive) {
  app.log.warn(
    'real-name face checks go to the sandbox service: whoever opens a check page decides it. Plug in a real service (docs/architecture.md, "Face checks") or review with npm run ops -- user verify|unverify',
  );
}
if (!config.demo && config.env === 'development') {
  app.log.info(`no demo account: DEMO=false, or HOST=${config.host} reaches beyond this machine without DEMO=true`);
}
const background = await startBackground(app);
// With PGlite no second process may open the data folder: operator commands reach the database through this one.
const opsSocket =
  database.kind === 'pglite' ? await serveOps(app.areaContext, commands, opsSocketPath(config.dataDir)) : undefined;

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  await opsSocket?.close();
  await background.stop();
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
const shownHost = isLoopbackHost(config.host) ? 'localhost' : config.host;
app.log.info(`Edgeward console at http://${shownHost}:${config.port} (database: ${database.kind})`);
