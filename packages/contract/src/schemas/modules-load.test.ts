import { describe, expect, it } from 'vitest';

/*
 * Each schema module is loaded here inside a test, not imported at the top: a module whose own code throws while
 * loading (a schema built from a helper that returns nothing) then fails a test. Imported at the top, it fails the
 * test file before any test is collected, which Stryker's vitest runner (9.x) counts as no test failing. A new
 * module of this folder is added to the list.
 */
const modules = [
  'auth',
  'certificate',
  'commerce',
  'common',
  'domain-config',
  'domain',
  'eo',
  'identity',
  'message',
  'operation-log',
  'preheat',
  'security',
  'support',
  'traffic',
];

describe('the schema modules', () => {
  it.each(modules)('%s loads and exports schemas', async (name) => {
    const exported = (await import(`./${name}.ts`)) as Record<string, unknown>;
    expect(Object.keys(exported).length).toBeGreaterThan(0);
  });
});
