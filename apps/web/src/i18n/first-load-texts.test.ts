import fs from 'node:fs';
import path from 'node:path';
import { enUS, enUSCore } from '@edgeward/contract';
import { describe, expect, it } from 'vitest';
import { webEnUS } from '../locales/en-US';
import { webEnUSCore } from '../locales/en-US/core';

const web = path.resolve(import.meta.dirname, '..');
const contractSchemas = path.resolve(import.meta.dirname, '../../../../packages/contract/src/schemas');

/**
 * The screens an English visitor who is not signed in sees before the console's texts arrive, and the schemas
 * their forms check with. The second-factor step is not one: it comes with the console's texts (withConsoleTexts).
 */
const signInSources = [
  ...fs
    .readdirSync(path.join(web, 'features/auth'))
    .filter((name) => name !== 'SecondFactorStep.tsx' && !name.includes('.test.'))
    .map((name) => path.join(web, 'features/auth', name)),
  path.join(web, 'layouts/AuthLayout.tsx'),
  path.join(web, 'components/NewPasswordFields.tsx'),
  path.join(web, 'components/EmailCodeField.tsx'),
  path.join(web, 'components/PasswordStrengthMeter.tsx'),
  path.join(web, 'lib/form.ts'),
  path.join(web, 'api/http.ts'),
  path.join(contractSchemas, 'auth.ts'),
  path.join(contractSchemas, 'common.ts'),
];

/** Every quoted text of a source file that is a key of the whole en-US catalogue. */
function keysNamedIn(file: string, catalogue: Record<string, string>): string[] {
  const text = fs.readFileSync(file, 'utf8');
  return [...text.matchAll(/['"`]([\w-]+(?:\.[\w-]+)+)['"`]/g)]
    .map((match) => match[1]!)
    .filter((key) => Object.hasOwn(catalogue, key));
}

describe("the first load's texts", () => {
  it('hold every text the sign-in screens and their schemas name (the rest arrive with the console)', () => {
    const whole: Record<string, string> = { ...enUS, ...webEnUS };
    const firstLoad: Record<string, string> = { ...enUSCore, ...webEnUSCore };
    const named = signInSources.flatMap((file) => keysNamedIn(file, whole).map((key) => ({ file, key })));
    expect(named.length).toBeGreaterThan(20);
    const missing = named
      .filter(({ key }) => !Object.hasOwn(firstLoad, key))
      .map(({ file, key }) => `${path.basename(file)}: ${key}`);
    expect(missing).toEqual([]);
  });
});
