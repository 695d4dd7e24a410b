// `npm run edge`: the edge agent (docs/edge.md, "Running an edge"). `npm run edge -- stop` stops nginx and its URL
// authentication sidecar.
import { EdgeAgent } from './agent';
import { consoleLogger } from './log';
import { Nginx } from './nginx';
import { authNginxPathsOf, loadSettings, nginxPathsOf, SettingsError } from './settings';

const log = consoleLogger();
const command = process.argv[2] ?? 'run';

if (command === 'stop') {
  const stopped = await new Nginx(nginxPathsOf()).stop();
  log.info(stopped ? 'nginx stopped' : 'nginx was not running');
  const sidecarStopped = await new Nginx(authNginxPathsOf()).stop();
  log.info(
    sidecarStopped ? 'the URL authentication sidecar stopped' : 'the URL authentication sidecar was not running',
  );
} else if (command === 'run') {
  let settings: ReturnType<typeof loadSettings>;
  try {
    settings = loadSettings();
  } catch (error) {
    if (!(error instanceof SettingsError)) throw error;
    console.error(`The edge agent cannot start:\n${error.message}`);
    process.exit(2);
  }
  const agent = new EdgeAgent({ settings, log });
  const shutdown = (signal: string) => {
    log.info(`${signal}: stopping the agent`);
    agent.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
  try {
    await agent.start();
  } catch (error) {
    log.error(`boot failed: ${(error as Error).message}`);
    process.exit(1);
  }
} else {
  console.error('usage: npm run edge [-- run | stop]');
  process.exit(2);
}
