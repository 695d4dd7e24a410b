import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressDir } from './precompress';

describe('precompressDir', () => {
  let dir: string;
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  function write(files: Record<string, string | Buffer>) {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'edgeward-precompress-'));
    for (const [name, content] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      fs.writeFileSync(path.join(dir, name), content);
    }
  }

  it('writes brotli and gzip copies beside each compressible file that decode to it', async () => {
    const script = 'export const a = 1;\n'.repeat(200);
    const html = `<html>${'<p>text</p>'.repeat(200)}</html>`;
    write({ 'index.html': html, 'assets/app-1.js': script, 'assets/app-1.css': 'a{color:red}'.repeat(200) });

    expect(await precompressDir(dir)).toEqual(['assets/app-1.css', 'assets/app-1.js', 'index.html']);
    const read = (name: string) => fs.readFileSync(path.join(dir, name));
    expect(brotliDecompressSync(read('assets/app-1.js.br')).toString()).toBe(script);
    expect(gunzipSync(read('assets/app-1.js.gz')).toString()).toBe(script);
    expect(brotliDecompressSync(read('index.html.br')).toString()).toBe(html);
    expect(read('assets/app-1.js.br').length).toBeLessThan(script.length / 10);
  });

  it('leaves already compressed formats and content that does not shrink alone', async () => {
    const random = Buffer.from(Array.from({ length: 4096 }, () => Math.floor(Math.random() * 256)));
    write({ 'tiny.js': 'x', 'logo.png': random, 'assets/noise.json': random });

    expect(await precompressDir(dir)).toEqual([]);
    expect(fs.readdirSync(dir, { recursive: true }).sort()).toEqual([
      'assets',
      'assets/noise.json',
      'logo.png',
      'tiny.js',
    ]);
  });
});
