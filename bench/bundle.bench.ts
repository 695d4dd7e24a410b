import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { type Bench, ensureWebBuild, repoRoot, versusTarget } from './bench';

const dist = path.join(repoRoot, 'apps/web/dist');
const manifestPath = path.join(dist, '.vite/manifest.json');
const targetKb = 250;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The lazily loaded modules the login route needs besides the entry: its page and, if lazy, its layout. */
const loginRouteModule = /(^|\/)(Login(Page)?|AuthLayout)\.tsx$/;
const zhLocale = /zh[-_]cn/i;
const zhLocaleContent = /(locale|name):"zh-cn"/i;
const chartLibrary = /\b(echarts|zrender|recharts|chart\.js|@antv|highcharts|apexcharts)\b/i;

/** The JavaScript index.html loads up front: its module scripts and modulepreload links. */
function scriptsOfIndex(): string[] {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const files = new Set<string>();
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const isScript = tag.startsWith('<script');
    if (!isScript && !/rel="modulepreload"/.test(tag)) continue;
    const url = /\b(src|href)="([^"]+)"/.exec(tag)?.[2];
    if (url?.endsWith('.js') && url.startsWith('/')) files.add(url.slice(1));
  }
  return [...files];
}

/** A chunk and, recursively, the chunks it imports statically (which the browser fetches before running it). */
function withStaticImports(manifest: Manifest, key: string, into: Set<string>): void {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) withStaticImports(manifest, imported, into);
}

export default {
  name: 'bundle',
  description: 'first-load JavaScript of the login route, gzip level 9',
  async run() {
    ensureWebBuild();
    const files = new Set(scriptsOfIndex());
    const lazy: string[] = [];
    if (fs.existsSync(manifestPath)) {
      const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Manifest;
      for (const [key, chunk] of Object.entries(manifest)) {
        if (chunk.isEntry) withStaticImports(manifest, key, files);
        if (chunk.isDynamicEntry && loginRouteModule.test(chunk.src ?? key)) {
          lazy.push(chunk.src ?? key);
          withStaticImports(manifest, key, files);
        }
      }
      if (!lazy.length) console.log('note: no lazily loaded login page found in the manifest; counting the entry only');
    } else {
      console.log('note: apps/web/dist/.vite/manifest.json is missing (build.manifest off); counting index.html only');
    }

    let total = 0;
    const findings: string[] = [];
    const rows = [...files].sort().map((file) => {
      const content = fs.readFileSync(path.join(dist, file));
      const gzipped = gzipSync(content, { level: 9 }).length;
      total += gzipped;
      const text = content.toString('utf8');
      if (zhLocale.test(file) || zhLocaleContent.test(text)) findings.push(`zh-CN locale in ${file}`);
      const chart = chartLibrary.exec(file) ?? chartLibrary.exec(text);
      if (chart) findings.push(`chart library (${chart[0]}) in ${file}`);
      return { file, raw: content.length, gzipped };
    });

    if (lazy.length) console.log(`login route lazy modules: ${lazy.join(', ')}`);
    for (const row of rows) {
      console.log(
        `  ${row.file.padEnd(48)} ${(row.raw / 1024).toFixed(1).padStart(8)} KB raw ${(row.gzipped / 1024).toFixed(1).padStart(7)} KB gzip`,
      );
    }
    const totalKb = total / 1024;
    console.log(
      `login route first-load JS: ${versusTarget(`${totalKb.toFixed(1)} KB gzip in ${rows.length} files`, totalKb <= targetKb, `<= ${targetKb} KB`)}`,
    );
    console.log(
      findings.length ? `MISSES: ${findings.join('; ')}` : 'ok: no zh-CN locale chunk and no chart library in that set',
    );
  },
} satisfies Bench;
