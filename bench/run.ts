// `npm run bench [-- <name>...]`: runs the benchmarks below in order (or only the named ones) and prints figures.
// Nothing here fails on a slow figure; targets are printed beside the measurements for a person to judge.
// To add one: write bench/<name>.bench.ts with a default export of type Bench, and list it here.
import type { Bench } from './bench';

const benches: Record<string, () => Promise<{ default: Bench }>> = {
  bundle: () => import('./bundle.bench'),
  console: () => import('./console.bench'),
  lighthouse: () => import('./lighthouse.bench'),
  'api-overhead': () => import('./api-overhead.bench'),
  'domain-list': () => import('./domain-list.bench'),
  load: () => import('./load.bench'),
  'traffic-ingest': () => import('./traffic-ingest.bench'),
  'traffic-queries': () => import('./traffic-queries.bench'),
  edge: () => import('./edge.bench'),
};

const requested = process.argv.slice(2);
const unknown = requested.filter((name) => !(name in benches));
if (unknown.length) {
  console.error(`unknown benchmark(s): ${unknown.join(', ')}; available: ${Object.keys(benches).join(', ')}`);
  process.exit(2);
}

for (const name of requested.length ? requested : Object.keys(benches)) {
  const bench = (await benches[name]!()).default;
  console.log(`\n### ${bench.name}: ${bench.description}`);
  const started = Date.now();
  await bench.run();
  console.log(`(${name} took ${((Date.now() - started) / 1000).toFixed(0)} s)`);
}
