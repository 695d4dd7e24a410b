import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createSecretBox, encryptionKeyOf } from './secret-box';

describe('secret box', () => {
  const box = createSecretBox(Buffer.alloc(32, 7));

  it('opens what it sealed, with a fresh nonce each time', () => {
    const a = box.seal('-----BEGIN PRIVATE KEY-----', 'user:1');
    expect(a).toMatch(/^v1:/);
    expect(box.seal('-----BEGIN PRIVATE KEY-----', 'user:1')).not.toBe(a);
    expect(box.open(a, 'user:1')).toBe('-----BEGIN PRIVATE KEY-----');
  });

  it('refuses another context, another key and a changed byte', () => {
    const sealed = box.seal('secret', 'user:1');
    expect(() => box.open(sealed, 'user:2')).toThrow();
    expect(() => createSecretBox(Buffer.alloc(32, 8)).open(sealed, 'user:1')).toThrow();
    const raw = Buffer.from(sealed.slice(3), 'base64');
    raw[raw.length - 1]! ^= 1;
    expect(() => box.open(`v1:${raw.toString('base64')}`, 'user:1')).toThrow();
  });
});

describe('encryptionKeyOf', () => {
  it('uses ENCRYPTION_KEY, or CERTIFICATE_KEY, its earlier name, when set', () => {
    const config = loadConfig({ ENCRYPTION_KEY: 'cd'.repeat(32), DATA_DIR: 'memory://' });
    expect(encryptionKeyOf(config)).toEqual(Buffer.from('cd'.repeat(32), 'hex'));
    const former = loadConfig({ CERTIFICATE_KEY: 'ef'.repeat(32), DATA_DIR: 'memory://' });
    expect(encryptionKeyOf(former)).toEqual(Buffer.from('ef'.repeat(32), 'hex'));
  });

  it('otherwise generates one in DATA_DIR once, readable only by its owner, and keeps it', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'edgeward-key-'));
    try {
      const key = encryptionKeyOf(loadConfig({ DATA_DIR: dir }));
      expect(key).toHaveLength(32);
      expect(fs.statSync(path.join(dir, 'certificate.key')).mode & 0o777).toBe(0o600);
      expect(encryptionKeyOf(loadConfig({ DATA_DIR: dir }))).toEqual(key);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps one key per configuration when the data directory is in memory', () => {
    const config = loadConfig({ DATA_DIR: 'memory://' });
    expect(encryptionKeyOf(config)).toBe(encryptionKeyOf(config));
    expect(encryptionKeyOf(loadConfig({ DATA_DIR: 'memory://' }))).not.toEqual(encryptionKeyOf(config));
  });
});
