import { describe, expect, it, vi } from 'vitest';
import { loadOnce } from './load-once';

describe('loadOnce', () => {
  it('loads once for every caller, the first call and later ones alike', async () => {
    const load = vi.fn(async () => ({ name: 'module' }));
    const get = loadOnce(load);
    const [first, second] = await Promise.all([get(), get()]);
    expect(await get()).toBe(first);
    expect(second).toBe(first);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries a failed load again at the next call, and keeps what then loads', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue('module');
    const get = loadOnce(load);
    await expect(get()).rejects.toThrow('offline');
    expect(await get()).toBe('module');
    expect(await get()).toBe('module');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
