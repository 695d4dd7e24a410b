import { describe, expect, it } from 'vitest';
import { fileProblem } from './upload';

const avatar = { types: ['image/png', 'image/jpeg', 'image/gif', 'image/webp'], maxBytes: 1024 * 1024 };

describe('fileProblem', () => {
  it('accepts the listed types up to the size limit', () => {
    expect(fileProblem({ type: 'image/png', size: 1024 }, avatar)).toBeUndefined();
    expect(fileProblem({ type: 'IMAGE/JPEG', size: 1024 * 1024 }, avatar)).toBeUndefined();
  });

  it('refuses other types and larger files', () => {
    expect(fileProblem({ type: 'image/svg+xml', size: 10 }, avatar)).toBe('type');
    expect(fileProblem({ type: '', size: 10 }, avatar)).toBe('type');
    expect(fileProblem({ type: 'image/webp', size: 1024 * 1024 + 1 }, avatar)).toBe('size');
  });
});
