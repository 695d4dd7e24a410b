import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { goldenCases, goldenDir, goldenOptions } from './golden-cases';
import { renderAuthConfig, renderDomain, renderMainConfig } from './render';

/*
 * Each golden/<case>.json renders to exactly golden/<case>.conf (the domain's .conf; empty when the domain renders
 * nothing), the main file to golden/main.conf and
 * the URL authentication sidecar's to golden/auth.conf. `UPDATE_GOLDEN=1 npx vitest run packages/edge-config` rewrites
 * them; review the diff before committing it.
 */

const update = process.env.UPDATE_GOLDEN === '1';

function matchesGolden(file: string, actual: string): void {
  const path = join(goldenDir, file);
  if (update) writeFileSync(path, actual);
  expect(existsSync(path), `${file} is missing: run with UPDATE_GOLDEN=1`).toBe(true);
  expect(actual).toBe(readFileSync(path, 'utf8'));
}

describe('golden files', () => {
  it('main.conf', () => {
    matchesGolden('main.conf', renderMainConfig(goldenOptions));
  });

  it('auth.conf (the URL authentication sidecar)', () => {
    matchesGolden('auth.conf', renderAuthConfig(goldenOptions));
  });

  for (const { name, snapshot } of goldenCases()) {
    it(`${name}.conf`, () => {
      const conf = renderDomain(snapshot, goldenOptions).find((file) => file.path.endsWith('.conf'));
      matchesGolden(`${name}.conf`, conf?.content ?? '');
    });
  }
});
