import { describe, expect, it, vi } from 'vitest';
import { loadOnce } from './lazy-page';

describe('loadOnce', () => {
  it('fetches once however many uses ask', async () => {
    const load = vi.fn(async () => 'chunk');
    const get = loadOnce(load);
    expect(await Promise.all([get(), get()])).toEqual(['chunk', 'chunk']);
    expect(await get()).toBe('chunk');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('forgets a failed fetch so that the next use tries again', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce('chunk');
    const get = loadOnce(load);
    await expect(get()).rejects.toThrow('offline');
    expect(await get()).toBe('chunk');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
