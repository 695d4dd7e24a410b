import { loadConfig } from '../config';
import { connect } from '../db/connect';
import { migrate } from '../db/migrate';
import { commands } from './commands';
import { runOps, usage } from './ops';

// The operator's command line: `npm run ops -- <command>`. It opens the database the server uses (DATABASE_URL, or
// PGlite in DATA_DIR). PGlite admits one process at a time: with PGlite, run it while the server is stopped.
const argv = process.argv.slice(2);
if (argv.length === 0 || ['help', '--help', '-h'].includes(argv[0]!)) {
  console.log(usage(commands));
  process.exit(argv.length === 0 ? 1 : 0);
}

const config = loadConfig();
const database = await connect({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
let code = 1;
try {
  await migrate(database);
  code = await runOps(
    commands,
    argv,
    { database, config, out: (line) => console.log(line), now: () => new Date() },
    (line) => console.error(line),
  );
} catch (error) {
  console.error(`Error: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  await database.close();
}
process.exit(code);
