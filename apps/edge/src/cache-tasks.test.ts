import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cacheKeyOf, matchingKeys } from './cache-tasks';

// Two files nginx 1.22 wrote with proxy_cache_key "$host$uri$is_args$args|" (levels=1:2).
const fixtures = path.join(import.meta.dirname, '../test/fixtures/nginx-cache');

describe('cache keys', () => {
  it('reads the KEY line of a cache file header', () => {
    const file = path.join(fixtures, 'd/b6/958ff8b98119cbe084318f4096fe3b6d');
    expect(cacheKeyOf(fs.readFileSync(file))).toBe('a.test/img/logo.png?v=2|');
  });

  it('finds nothing in a header cut before the end of its key', () => {
    const header = fs.readFileSync(path.join(fixtures, 'd/b6/958ff8b98119cbe084318f4096fe3b6d'));
    expect(cacheKeyOf(header.subarray(0, header.indexOf('|')))).toBeNull();
    expect(cacheKeyOf(Buffer.alloc(64))).toBeNull();
  });

  it('scans every level of the cache folder for the keys that match', async () => {
    expect((await matchingKeys(fixtures, () => true)).sort()).toEqual([
      'a.test/img/logo.png?v=2|',
      'a.test/index.html|',
    ]);
    expect(await matchingKeys(fixtures, (key) => key.startsWith('a.test/img/'))).toEqual(['a.test/img/logo.png?v=2|']);
  });

  it('skips temporary files and answers nothing for a missing folder', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'edge-cache-'));
    try {
      const real = fs.readFileSync(path.join(fixtures, '1/f5/ca302e7904bdb3a9f7ac0edb7c16df51'));
      fs.writeFileSync(path.join(dir, 'ca302e7904bdb3a9f7ac0edb7c16df51.0000000001'), real);
      expect(await matchingKeys(dir, () => true)).toEqual([]);
      expect(await matchingKeys(path.join(dir, 'absent'), () => true)).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
