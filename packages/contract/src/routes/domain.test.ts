import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envelopeOf } from '../schemas/common';
import { domainRoutes } from './domain';

const routes = Object.values(domainRoutes);

describe('domain API table', () => {
  it('has every call of spec section 7 with its method', () => {
    const table = routes.map((r) => `${r.method} ${r.path}`);
    expect(table).toEqual(
      expect.arrayContaining([
        'GET /domain/list',
        'POST /domain/create',
        'GET /domain/:id/detail',
        'POST /domain/delete',
        'POST /domain/disable',
        'POST /domain/enable',
        'GET /domain/limit',
        'GET /domain/query-create-verify-record',
        'POST /domain/verify-record',
        'GET /domain/type',
        'GET /domain/export',
        'GET /domain/can-create-whole-site',
      ]),
    );
    expect(new Set(table).size).toBe(table.length);
  });

  it('has a POST per config segment of the spec, answering the whole config', () => {
    const segments = routes.filter((r) => r.path.startsWith('/domain/config/:id/')).map((r) => r.path.split('/')[4]);
    expect(segments).toEqual(
      expect.arrayContaining([
        'origin',
        'range-switch',
        'https-info',
        'ip-acl',
        'cache-rule',
        'referer',
        'response-header',
        'origin-protocol',
        'force-redirect',
        'request-header',
        'url-auth',
        'user-agent-filter',
      ]),
    );
    for (const r of routes.filter((r) => r.path.startsWith('/domain/config/:id/'))) {
      expect(r.method).toBe('POST');
      expect(r.data).toBe(domainRoutes.config.data);
      expect(r.permission).toEqual({ id: 'domain', action: 'edit' });
    }
  });

  it('gives list, create and detail 60 s and guards every call with the domain permission', () => {
    expect([domainRoutes.list, domainRoutes.create, domainRoutes.detail].map((r) => r.timeoutMs)).toEqual([
      60_000, 60_000, 60_000,
    ]);
    for (const r of routes) expect(r.permission?.id).toBe('domain');
    expect(domainRoutes.export.response).toBe('file');
  });

  it('converts to JSON Schema for OpenAPI (requests as input, responses as output)', () => {
    for (const r of routes) {
      for (const schema of [r.params, r.query, r.body]) {
        if (schema) expect(() => z.toJSONSchema(schema, { io: 'input' })).not.toThrow();
      }
      expect(() => z.toJSONSchema(envelopeOf(r.data), { io: 'output' })).not.toThrow();
    }
  });
});
