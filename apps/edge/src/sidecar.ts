import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { renderAuthConfig } from '@edgeward/edge-config';
import type { Logger } from './log';
import { Nginx } from './nginx';
import type { EdgeSettings } from './settings';
import { writeFileAtomic } from './state';

/*
 * The URL authentication sidecar (edge-config's auth.ts): a second nginx, beside the main one, that loads the njs
 * module and checks signed URLs for it on 127.0.0.1:authPort. Its file is the same for every domain, so it only
 * changes with the agent's settings or the njs module; the agent starts it before the main nginx (which fails
 * signed URLs closed while it is down) and, like the main nginx, leaves it running when the agent stops.
 */
export class AuthSidecar {
  readonly nginx: Nginx;

  constructor(
    private readonly settings: EdgeSettings,
    private readonly log: Logger,
  ) {
    const { layout, render } = settings;
    this.nginx = new Nginx({
      bin: settings.nginxBin,
      prefix: layout.authPrefix,
      mainConfig: layout.authConfig,
      errorLog: render.paths.authErrorLog,
    });
  }

  /** Writes its file and the njs module, then starts it, or reloads it when either changed. */
  async ensure(): Promise<void> {
    const { layout, render } = this.settings;
    const { njsDir, authErrorLog } = render.paths;
    for (const dir of [path.join(layout.authPrefix, 'temp'), njsDir, path.dirname(authErrorLog)]) {
      fs.mkdirSync(dir, { recursive: true });
    }
    const module = path.join(njsDir, 'edgeward.js');
    const before = `${readOrEmpty(layout.authConfig)}\n${readOrEmpty(module)}`;
    installNjs(njsDir);
    writeFileAtomic(layout.authConfig, renderAuthConfig(render));
    const changed = `${readOrEmpty(layout.authConfig)}\n${readOrEmpty(module)}` !== before;
    const running = this.nginx.masterPid() !== null;
    if (running && !changed) return;
    const result = await this.nginx.test();
    if (!result.ok) throw new Error(`the URL authentication sidecar's configuration fails: ${result.message}`);
    const how = await this.nginx.startOrReload();
    this.log.info(`URL authentication sidecar ${how} on 127.0.0.1:${render.authPort}`);
  }
}

/** Copies the njs module of @edgeward/edge-config where the sidecar's file imports it from. */
function installNjs(njsDir: string): void {
  const source = path.dirname(createRequire(import.meta.url).resolve('@edgeward/edge-config/njs/edgeward.js'));
  fs.cpSync(source, njsDir, { recursive: true });
}

function readOrEmpty(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}
