import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const src = path.resolve(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return entry.name.endsWith('.tsx') ? [full] : [];
  });
}

/**
 * The browser's own validation bubble speaks the browser's language and covers the form's message (an English
 * bubble over a zh-CN form), so every antd Form turns it off with `noValidate` as its first prop and the form's
 * rules alone speak.
 */
describe('forms', () => {
  it('every Form opens with noValidate', () => {
    const missing = sources(src).flatMap((file) => {
      const text = fs.readFileSync(file, 'utf8');
      return [...text.matchAll(/<Form(?:<\w+>)?(?=\s)(?!\s+noValidate\b)/g)].map(
        (match) => `${path.relative(src, file)}:${text.slice(0, match.index).split('\n').length}`,
      );
    });
    expect(missing).toEqual([]);
  });
});
