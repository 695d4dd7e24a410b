import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as routeTables from '../routes';
import { envelopeOf } from './common';

interface RouteLike {
  method: string;
  path: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  data: z.ZodType;
}

const isRoute = (value: unknown): value is RouteLike =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'data' in value;

/** Every call of the API table, as `METHOD path`, once. */
function everyRoute(): Map<string, RouteLike> {
  const found = new Map<string, RouteLike>();
  for (const table of Object.values(routeTables)) {
    if (typeof table !== 'object' || table === null) continue;
    for (const route of Object.values(table)) {
      if (isRoute(route)) found.set(`${route.method} ${route.path}`, route);
    }
  }
  return found;
}

/** One JSON Schema of every call's parts as `io` sees them; a part used more than once is written once, in $defs. */
function document(routes: [string, RouteLike][], io: 'input' | 'output', parts: (route: RouteLike) => object) {
  const calls = Object.fromEntries(routes.map(([call, route]) => [call, z.object(parts(route))]));
  return z.toJSONSchema(z.object(calls), { io, unrepresentable: 'any', reused: 'ref' });
}

/**
 * The API's published shape, call by call: what each request may carry (as JSON Schema of its input) and what each
 * answer holds (its output), as the OpenAPI document and the web's types see them. A change here changes what
 * clients of the API meet, so it must be meant: the file is updated with `vitest -u` and reviewed like code.
 */
describe('the published API shape', () => {
  it('is the one reviewed in api-shape.json', async () => {
    const routes = [...everyRoute()].sort(([a], [b]) => a.localeCompare(b));
    expect(routes.length).toBeGreaterThan(100);
    const published = {
      requests: document(routes, 'input', ({ params, query, body }) => ({
        ...(params ? { params } : {}),
        ...(query ? { query } : {}),
        ...(body ? { body } : {}),
      })),
      answers: document(routes, 'output', (route) => ({ answer: envelopeOf(route.data) })),
    };
    await expect(`${JSON.stringify(published, null, 1)}\n`).toMatchFileSnapshot('__snapshots__/api-shape.json');
  });
});
