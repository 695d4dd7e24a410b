import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createTemplates, dropTemplates } from './template-database';

/**
 * Runs once per test run: migrates the template databases that every test file copies (test/helpers.ts), and makes
 * the folder the server is built in for the tests that run it as production does (test/built-server.ts): inside the
 * server's folder, so that the bundle resolves its packages as dist/ does. Both go when the run ends.
 */
export default async function setup(project: TestProject) {
  const postgresUrl = process.env.TEST_DATABASE_URL;
  const templates = await createTemplates(postgresUrl);
  project.provide('templates', templates);
  const buildRoot = fs.mkdtempSync(path.join(import.meta.dirname, '../.build-test-'));
  project.provide('serverBuildRoot', buildRoot);
  return async () => {
    fs.rmSync(buildRoot, { recursive: true, force: true });
    await dropTemplates(templates, postgresUrl);
  };
}
