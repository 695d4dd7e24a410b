import path from 'node:path';
import { providerDepsOf } from '../composition-root';
import { loadConfig } from '../config';
import { connect } from '../db/connect';
import { DataDirLockedError } from '../db/data-dir-lock';
import { migrate } from '../db/migrate';
import { createJobRunner } from '../jobs/runner';
import { createProviders } from '../providers';
import { commands, offlineCommands } from './command-list';
import { findCommand, OpsError, runOps, usage } from './ops';
import { forwardOps, opsSocketPath } from './ops-socket-client';

// The operator's command line: `npm run ops -- <command>`. It opens the database the server uses (DATABASE_URL, or
// PGlite in DATA_DIR). PGlite admits one process at a time: while a server holds the data folder, the command is
// handed to that server over its operator socket (ops-socket.ts) and runs there.
const argv = process.argv.slice(2);
if (argv.length === 0 || ['help', '--help', '-h'].includes(argv[0]!)) {
  console.log(usage([...commands, ...offlineCommands]));
  process.exit(argv.length === 0 ? 1 : 0);
}

const config = loadConfig();
const offline = findCommand(offlineCommands, argv);
if (offline) {
  try {
    await offline.command.run(offline.args, config, (line) => console.log(line));
    process.exit(0);
  } catch (error) {
    if (!(error instanceof OpsError)) throw error;
    console.error(`Error: ${error.message}`);
    process.exit(1);
  }
}
const found = findCommand(commands, argv);
if (found?.command.fileArgument && found.args[0] !== undefined) {
  argv[argv.length - found.args.length] = path.resolve(found.args[0]);
}
const database = await connect({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }).catch(async (error) => {
  if (!(error instanceof DataDirLockedError)) throw error;
  const forwarded = await forwardOps(
    opsSocketPath(config.dataDir),
    argv,
    (line) => console.log(line),
    (line) => console.error(line),
  );
  if (forwarded !== undefined) process.exit(forwarded);
  console.error(
    `Error: ${error.message}\nIt takes no operator commands (an older version, or not a server): stop it first, or run both on PostgreSQL (DATABASE_URL).`,
  );
  process.exit(1);
});
let code = 1;
try {
  await migrate(database);
  const now = () => new Date();
  // A runner that never starts: commands only enqueue, and the server runs the jobs.
  const jobs = createJobRunner(database.db, { now });
  const providers = createProviders(providerDepsOf({ config, db: database.db, jobs, log: { info() {} }, now }));
  code = await runOps(commands, argv, { database, config, providers, out: (line) => console.log(line), now }, (line) =>
    console.error(line),
  );
} catch (error) {
  console.error(`Error: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  await database.close();
}
process.exit(code);
