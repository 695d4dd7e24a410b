import type { TestProject } from 'vitest/node';
import { createTemplates, dropTemplates } from './template-database';

/** Runs once per test run: migrates the template databases that every test file copies (test/helpers.ts). */
export default async function setup(project: TestProject) {
  const postgresUrl = process.env.TEST_DATABASE_URL;
  const templates = await createTemplates(postgresUrl);
  project.provide('templates', templates);
  return () => dropTemplates(templates, postgresUrl);
}
