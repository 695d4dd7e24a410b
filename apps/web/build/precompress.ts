import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text formats worth compressing; images and fonts are compressed already. */
const compressible = /\.(html|js|mjs|css|svg|json|webmanifest|txt|xml|map)$/i;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip -9) beside each compressible file of `dir`, for the
 * server to send as they are (@fastify/static's preCompressed); a copy that would not be smaller is not written. Returns the files it compressed, relative to `dir`.
 */
export async function precompressDir(dir: string): Promise<string[]> {
  const done: string[] = [];
  const files = (await filesUnder(dir)).filter((file) => compressible.test(file));
  await Promise.all(
    files.map(async (file) => {
      const content = await fs.readFile(file);
      const [br, gz] = await Promise.all([
        brotli(content, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
      ]);
      if (br.length < content.length) await fs.writeFile(`${file}.br`, br);
      if (gz.length < content.length) await fs.writeFile(`${file}.gz`, gz);
      if (br.length < content.length || gz.length < content.length) done.push(path.relative(dir, file));
    }),
  );
  return done.sort();
}

/** Precompresses the build once everything, the public folder's copies included, is written. */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'edgeward:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressDir(outDir);
    },
  };
}
