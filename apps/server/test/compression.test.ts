import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, dbKinds, type TestContext } from './helpers';

const browserEncodings = 'gzip, deflate, br, zstd';
const script = `export const text = ${JSON.stringify('console '.repeat(600))};\n`;
const indexHtml = `<!doctype html><html><head><title>Edgeward</title></head><body>${'<div></div>'.repeat(200)}</body></html>`;

/** A web build as apps/web writes it: each compressible file with its .br and .gz beside it. */
function writeWebDist(): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'edgeward-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  const files: Record<string, string> = { 'index.html': indexHtml, 'assets/app-1a2b3c.js': script };
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(dist, name);
    fs.writeFileSync(file, content);
    fs.writeFileSync(`${file}.br`, brotliCompressSync(content));
    fs.writeFileSync(`${file}.gz`, gzipSync(content));
  }
  return dist;
}

describe.each(dbKinds)('compression on %s', (kind) => {
  let ctx: TestContext;
  let dist: string;
  beforeAll(async () => {
    dist = writeWebDist();
    ctx = await createTestContext(kind, { WEB_DIST: dist });
  });
  afterAll(async () => {
    await ctx.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    ctx.app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it('sends an asset as its brotli file, once compressed, keeping its cache headers', async () => {
    const res = await get('/assets/app-1a2b3c.js', browserEncodings);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends the gzip file to a client without brotli', async () => {
    const res = await get('/assets/app-1a2b3c.js', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends the file itself to a client without Accept-Encoding', async () => {
    const res = await get('/assets/app-1a2b3c.js');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.body).toBe(script);
  });

  it.each(['/', '/domain/setting/origin/3'])('sends the app compressed for %s, revalidated each time', async (url) => {
    const res = await get(url, browserEncodings);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(indexHtml);
  });

  it('does not serve the compressed files under their own names', async () => {
    expect((await get('/assets/app-1a2b3c.js.br', browserEncodings)).statusCode).toBe(404);
  });

  it('compresses a large API answer in the encoding the client prefers', async () => {
    const br = await get('/api/user/captchaImage', browserEncodings);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toMatchObject({ code: 200 });

    const gzip = await get('/api/user/captchaImage', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toMatchObject({ code: 200 });
  });

  it('sends a large API answer as it is to a client without Accept-Encoding', async () => {
    const res = await get('/api/user/captchaImage');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.length).toBeGreaterThan(1024);
    expect(res.json()).toMatchObject({ code: 200 });
  });

  it('compresses the API documentation and its page assets', async () => {
    const json = await get('/api/docs/json', 'gzip');
    expect(json.statusCode).toBe(200);
    expect(json.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(json.rawPayload).toString())).toMatchObject({ openapi: expect.any(String) });
    const page = await get('/api/docs/static/swagger-ui-bundle.js', browserEncodings);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
  });

  it('leaves a small API answer uncompressed', async () => {
    const res = await get('/api/health', browserEncodings);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toMatchObject({ code: 200 });
  });
});
