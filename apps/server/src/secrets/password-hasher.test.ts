import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createPasswordHasher, defaultPasswordHashCost } from './password-hasher';

describe('password hashing', () => {
  it('hashes with argon2id at the configured cost, and verifies what it hashed', async () => {
    const hasher = createPasswordHasher({ memoryKib: 512, timeCost: 2, parallelism: 1 });
    const stored = await hasher.hash('correct horse');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=512,p=1,t=2\$/);
    expect(await hasher.verify(stored, 'correct horse')).toBe(true);
    expect(await hasher.verify(stored, 'wrong horse')).toBe(false);
    expect(await hasher.verify(undefined, 'correct horse')).toBe(false);
  });

  it('verifies hashes made at another cost, so that changing it locks nobody out', async () => {
    const old = await createPasswordHasher({ memoryKib: 1024, timeCost: 1, parallelism: 2 }).hash('pw123456');
    expect(await createPasswordHasher({ memoryKib: 256, timeCost: 1, parallelism: 1 }).verify(old, 'pw123456')).toBe(
      true,
    );
  });

  it('defaults to the full cost and refuses a cost below the OWASP floor in production', () => {
    expect(loadConfig({}).passwordHashing).toEqual(defaultPasswordHashCost);
    expect(loadConfig({ NODE_ENV: 'test', ARGON2_MEMORY_KIB: '256', ARGON2_TIME_COST: '1' }).passwordHashing).toEqual({
      memoryKib: 256,
      timeCost: 1,
      parallelism: defaultPasswordHashCost.parallelism,
    });
    expect(() => loadConfig({ NODE_ENV: 'production', ARGON2_MEMORY_KIB: '256' })).toThrow(/ARGON2_MEMORY_KIB/);
    expect(() => loadConfig({ NODE_ENV: 'production', ARGON2_TIME_COST: '1' })).toThrow(/ARGON2_TIME_COST/);
    expect(
      loadConfig({
        NODE_ENV: 'production',
        ENCRYPTION_KEY: 'ab'.repeat(32),
        PAYMENT_SANDBOX_SECRET: 'a-production-sandbox-secret',
        FACE_CHECK_SANDBOX_SECRET: 'a-production-face-check-secret',
        PAYMENT_GATEWAY: 'sandbox',
        IDENTITY_PROVIDER: 'sandbox',
        ARGON2_MEMORY_KIB: '19456',
        ARGON2_TIME_COST: '2',
      }).passwordHashing,
    ).toMatchObject({ memoryKib: 19_456, timeCost: 2 });
  });
});
