import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

/*
 * Each schema module is loaded here inside a test, not imported at the top: a module whose own code throws while
 * loading (a schema built from a helper that returns nothing) then fails a test. Imported at the top, it fails the
 * test file before any test is collected, which Stryker's vitest runner (9.x) counts as no test failing.
 */
const modules = fs
  .readdirSync(new URL('.', import.meta.url))
  .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
  .sort();

describe('the schema modules', () => {
  it('are all found', () => {
    expect(modules).toEqual(expect.arrayContaining(['auth.ts', 'common.ts', 'domain-config.ts', 'traffic.ts']));
  });

  it.each(modules)('%s loads and exports schemas', async (name) => {
    const exported = (await import(`./${name}`)) as Record<string, unknown>;
    expect(Object.keys(exported).length).toBeGreaterThan(0);
  });
});
