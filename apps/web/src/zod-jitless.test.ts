import fs from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import './zod-jitless';
import { z } from 'zod';

describe('zod in the browser', () => {
  afterEach(() => vi.restoreAllMocks());

  it('never builds a function from a string, which the CSP reports as a script-src violation', () => {
    const built = vi.spyOn(globalThis, 'Function');
    const schema = z.object({ name: z.string(), tags: z.array(z.object({ id: z.number() })) });
    expect(schema.parse({ name: 'a', tags: [{ id: 1 }] })).toEqual({ name: 'a', tags: [{ id: 1 }] });
    expect(schema.safeParse({ name: 1 }).success).toBe(false);
    expect(built).not.toHaveBeenCalled();
    expect(z.config().jitless).toBe(true);
  });

  it('is set by the first import of the entry, before any module that defines or uses a schema', () => {
    const entry = fs.readFileSync(new URL('./main.tsx', import.meta.url), 'utf8');
    expect(entry.match(/^import .+$/m)?.[0]).toBe("import './zod-jitless';");
  });
});
