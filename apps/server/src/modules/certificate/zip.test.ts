import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { zipFiles } from './zip';

describe('zipFiles', () => {
  it('writes an archive that unzip reads back, file by file, with intact checksums', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'edgeward-zip-'));
    try {
      const archive = path.join(dir, 'a.zip');
      fs.writeFileSync(
        archive,
        zipFiles([
          { name: 'fullchain.pem', content: '-----BEGIN CERTIFICATE-----\nabc\n' },
          { name: 'private.key', content: 'key ✓\n' },
        ]),
      );
      expect(execFileSync('unzip', ['-t', archive], { encoding: 'utf8' })).toContain('No errors detected');
      expect(execFileSync('unzip', ['-p', archive, 'private.key'], { encoding: 'utf8' })).toBe('key ✓\n');
      expect(execFileSync('unzip', ['-Z1', archive], { encoding: 'utf8' }).split('\n').filter(Boolean)).toEqual([
        'fullchain.pem',
        'private.key',
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
