import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { dataSubdir } from '../providers/data-dir';

/**
 * Seals and opens secrets the server must read back (certificates' private keys, API keys' secrets, TOTP seeds)
 * with AES-256-GCM. A sealed value is `v1:` and base64 of a fresh 12-byte nonce, the
 * 16-byte tag and the ciphertext. `context` is bound as additional data (the owner), so a sealed key copied onto
 * another customer's row, or into another use, does not open.
 */
export interface SecretBox {
  seal(plain: string, context: string): string;
  open(sealed: string, context: string): string;
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('the secret box needs a 32-byte key');
  return {
    seal(plain, context) {
      const nonce = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      cipher.setAAD(Buffer.from(context));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `v1:${Buffer.concat([nonce, cipher.getAuthTag(), body]).toString('base64')}`;
    },
    open(sealed, context) {
      if (!sealed.startsWith('v1:')) throw new Error('unknown sealed value format');
      const raw = Buffer.from(sealed.slice(3), 'base64');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}

/**
 * The key from ENCRYPTION_KEY; without it (never in production: config refuses that), a key generated once and
 * kept in DATA_DIR/certificate.key (mode 0600; the name of its first use, kept so existing data stays readable), or
 * a key for this process alone when the data directory is in memory (tests).
 */
export function encryptionKeyOf(config: Pick<Config, 'encryptionKey' | 'dataDir'>): Buffer {
  if (config.encryptionKey) return config.encryptionKey;
  // Areas, routes and job handlers are built apart: one configuration, one key (in memory too).
  let key = generated.get(config);
  if (!key) {
    key = localKey(config.dataDir);
    generated.set(config, key);
  }
  return key;
}

const generated = new WeakMap<object, Buffer>();

const localKeyFile = (dir: string) => path.join(dir, 'certificate.key');

/** Whether this process has a key without making one: ENCRYPTION_KEY, or one kept in (or made for) its data folder. */
export function hasEncryptionKey(config: Pick<Config, 'encryptionKey' | 'dataDir'>): boolean {
  if (config.encryptionKey || generated.has(config)) return true;
  const dir = dataSubdir(config.dataDir, '.');
  return dir !== undefined && fs.existsSync(localKeyFile(dir));
}

function localKey(dataDir: string): Buffer {
  const dir = dataSubdir(dataDir, '.');
  if (!dir) return randomBytes(32);
  const file = localKeyFile(dir);
  try {
    return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const key = randomBytes(32);
  fs.mkdirSync(dir, { recursive: true });
  // 'wx': two processes starting together on one data directory keep the first one's key.
  try {
    fs.writeFileSync(file, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  }
}

/** The installation's secret box: every area that seals secrets opens it from the configuration. */
export function secretBoxOf(config: Pick<Config, 'encryptionKey' | 'dataDir'>): SecretBox {
  return createSecretBox(encryptionKeyOf(config));
}
