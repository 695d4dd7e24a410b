// `npm run edge [-- stop]`: the edge agent, built first when stale. It runs in this process (no child), so the
// signals a supervisor or Ctrl-C sends reach the agent itself.
import { pathToFileURL } from 'node:url';
import { edgeEntry, ensureEdgeBuild } from './edge-build.mjs';

if (!(await ensureEdgeBuild())) process.exit(1);
process.setSourceMapsEnabled(true);
await import(pathToFileURL(edgeEntry).href);
