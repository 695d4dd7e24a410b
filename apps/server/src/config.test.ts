import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

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
    expect(loadConfig({ NODE_ENV: 'production' }).publicUrlDefaulted).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://console.example.com' })).toMatchObject({
      publicUrl: 'https://console.example.com',
      publicUrlDefaulted: false,
    });
    expect(() => loadConfig({ PUBLIC_URL: 'javascript:alert(1)' })).toThrow('PUBLIC_URL must be an http');
    expect(() => loadConfig({ PUBLIC_URL: 'console.example.com' })).toThrow('PUBLIC_URL must be an http');
  });
});
