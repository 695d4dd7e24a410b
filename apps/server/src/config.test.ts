import { describe, expect, it } from 'vitest';
import { letsEncryptDirectories, loadConfig } from './config';

/**
 * A production configuration needs the key that seals secrets at rest, the sandboxes' callback secrets and the
 * operator's word that the sandboxes may run.
 */
const production = {
  NODE_ENV: 'production',
  CERTIFICATE_KEY: 'MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=',
  PAYMENT_SANDBOX_SECRET: 'a-production-sandbox-secret',
  FACE_CHECK_SANDBOX_SECRET: 'a-production-face-check-secret',
  PAYMENT_GATEWAY: 'sandbox',
  IDENTITY_PROVIDER: 'sandbox',
} as const;

describe('PAYMENT_GATEWAY and IDENTITY_PROVIDER', () => {
  it('refuse to start production with a sandbox nobody named', () => {
    const { PAYMENT_GATEWAY: _, ...noGateway } = production;
    expect(() => loadConfig(noGateway)).toThrow(/PAYMENT_GATEWAY is required in production/);
    const { IDENTITY_PROVIDER: __, ...noProvider } = production;
    expect(() => loadConfig(noProvider)).toThrow(/IDENTITY_PROVIDER is required in production/);
    expect(() => loadConfig({ ...production, PAYMENT_GATEWAY: 'wechat' })).toThrow();
  });

  it('mark a sandbox named in production as live, and leave it quiet elsewhere', () => {
    expect(loadConfig(production)).toMatchObject({
      payment: { gateway: 'sandbox', sandboxLive: true },
      identity: { provider: 'sandbox', sandboxLive: true },
    });
    expect(loadConfig({})).toMatchObject({
      payment: { gateway: 'sandbox', sandboxLive: false },
      identity: { provider: 'sandbox', sandboxLive: false },
    });
    expect(loadConfig({ PAYMENT_GATEWAY: 'sandbox' }).payment.sandboxLive).toBe(false);
  });
});

describe('PUBLIC_URL', () => {
  it('defaults to the local address outside production', () => {
    expect(loadConfig({}).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PORT: '9000', NODE_ENV: 'test' }).publicUrl).toBe('http://localhost:9000');
  });

  it('is taken without its trailing slash', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://cdn.example.com/console/' }).publicUrl).toBe(
      'https://cdn.example.com/console',
    );
  });

  it('is flagged when defaulted (main warns in production), and must be an http(s) address', () => {
    expect(loadConfig(production).publicUrlDefaulted).toBe(true);
    expect(loadConfig({ ...production, PUBLIC_URL: 'https://console.example.com' })).toMatchObject({
      publicUrl: 'https://console.example.com',
      publicUrlDefaulted: false,
    });
    expect(() => loadConfig({ PUBLIC_URL: 'javascript:alert(1)' })).toThrow('PUBLIC_URL must be an http');
    expect(() => loadConfig({ PUBLIC_URL: 'console.example.com' })).toThrow('PUBLIC_URL must be an http');
  });
});

describe('HOST and the demo account', () => {
  it('listens on loopback by default', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('creates the demo account on loopback, or beyond it only with DEMO=true', () => {
    expect(loadConfig({}).demo).toBe(true);
    expect(loadConfig({ HOST: 'localhost' }).demo).toBe(true);
    expect(loadConfig({ HOST: '::1' }).demo).toBe(true);
    expect(loadConfig({ HOST: '0.0.0.0' }).demo).toBe(false);
    expect(loadConfig({ HOST: '::' }).demo).toBe(false);
    expect(loadConfig({ HOST: '192.168.1.20' }).demo).toBe(false);
    expect(loadConfig({ HOST: '0.0.0.0', DEMO: 'true' }).demo).toBe(true);
  });

  it('never creates it in production or with DEMO=false', () => {
    expect(loadConfig({ DEMO: 'false' }).demo).toBe(false);
    expect(loadConfig({ ...production, DEMO: 'true', HOST: '127.0.0.1' }).demo).toBe(false);
  });
});

describe('PAYMENT_SANDBOX_SECRET', () => {
  it('is required in production and has a development value elsewhere', () => {
    const { PAYMENT_SANDBOX_SECRET: _, ...withoutSecret } = production;
    expect(() => loadConfig(withoutSecret)).toThrow(/PAYMENT_SANDBOX_SECRET is required in production/);
    expect(loadConfig(production).payment.sandboxSecret).toBe('a-production-sandbox-secret');
    expect(loadConfig({}).payment.sandboxSecret.length).toBeGreaterThanOrEqual(16);
  });
});

describe('FACE_CHECK_SANDBOX_SECRET and REAL_NAME_DAILY_FAILURES', () => {
  it('the secret is required in production and has a development value elsewhere', () => {
    const { FACE_CHECK_SANDBOX_SECRET: _, ...withoutSecret } = production;
    expect(() => loadConfig(withoutSecret)).toThrow(/FACE_CHECK_SANDBOX_SECRET is required in production/);
    expect(loadConfig(production).identity.sandboxSecret).toBe('a-production-face-check-secret');
    expect(loadConfig({}).identity.sandboxSecret).not.toBe(loadConfig({}).payment.sandboxSecret);
  });

  it('allows 3 failed face checks a day unless told otherwise', () => {
    expect(loadConfig({}).identity.dailyFailureLimit).toBe(3);
    expect(loadConfig({ REAL_NAME_DAILY_FAILURES: '5' }).identity.dailyFailureLimit).toBe(5);
    expect(() => loadConfig({ REAL_NAME_DAILY_FAILURES: '0' })).toThrow();
  });
});

describe('ENCRYPTION_KEY (or CERTIFICATE_KEY, its earlier name)', () => {
  it('is required in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/ENCRYPTION_KEY is required in production/);
    expect(loadConfig({}).encryptionKey).toBeUndefined();
  });

  it('is 32 bytes written as hex or base64', () => {
    const hex = 'ab'.repeat(32);
    expect(loadConfig({ ENCRYPTION_KEY: hex }).encryptionKey).toEqual(Buffer.from(hex, 'hex'));
    expect(loadConfig({ CERTIFICATE_KEY: hex }).encryptionKey).toEqual(Buffer.from(hex, 'hex'));
    expect(loadConfig(production).encryptionKey?.toString()).toBe('0123456789abcdef0123456789abcdef');
    expect(() => loadConfig({ ENCRYPTION_KEY: 'ab'.repeat(16) })).toThrow(/ENCRYPTION_KEY must be 32 bytes/);
    expect(() => loadConfig({ CERTIFICATE_KEY: 'not a key' })).toThrow(/CERTIFICATE_KEY must be 32 bytes/);
  });

  it('refuses the two names with different keys', () => {
    expect(() => loadConfig({ ENCRYPTION_KEY: 'ab'.repeat(32), CERTIFICATE_KEY: 'cd'.repeat(32) })).toThrow(
      /two names of one key/,
    );
    expect(loadConfig({ ENCRYPTION_KEY: 'ab'.repeat(32), CERTIFICATE_KEY: 'ab'.repeat(32) }).encryptionKey).toEqual(
      Buffer.from('ab'.repeat(32), 'hex'),
    );
  });
});

describe('ACME_DIRECTORY_URL', () => {
  it("is Let's Encrypt production in production and its staging directory elsewhere, unless set", () => {
    expect(loadConfig(production).certificate.acme.directoryUrl).toBe(letsEncryptDirectories.production);
    expect(loadConfig({ NODE_ENV: 'development' }).certificate.acme.directoryUrl).toBe(letsEncryptDirectories.staging);
    expect(
      loadConfig({ ACME_DIRECTORY_URL: 'https://127.0.0.1:14000/dir', ACME_CA_FILE: '/tmp/ca.pem' }).certificate.acme,
    ).toEqual({ directoryUrl: 'https://127.0.0.1:14000/dir', caFile: '/tmp/ca.pem', email: undefined });
    expect(() => loadConfig({ ACME_DIRECTORY_URL: 'ftp://x' })).toThrow(/ACME_DIRECTORY_URL/);
  });
});
