import { describe, expect, it, vi } from 'vitest';
import { lazySchema } from './lazy-schema';

/** A zod-like schema: the answer's count, or a TypeError. */
const CountSchema = {
  parse(value: unknown): { count: number } {
    const count = (value as { count?: unknown }).count;
    if (typeof count !== 'number') throw new TypeError('count must be a number');
    return { count };
  },
};

describe('lazySchema', () => {
  it('loads its module with the first answer it checks, once, and checks with the named schema', async () => {
    const load = vi.fn(async () => ({ CountSchema }));
    const schema = lazySchema(load, 'CountSchema');
    expect(load).not.toHaveBeenCalled();
    await expect(schema.parse({ count: 3, extra: true })).resolves.toEqual({ count: 3 });
    await expect(schema.parse({ count: 4 })).resolves.toEqual({ count: 4 });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("rejects an answer the schema refuses, with the schema's own error", async () => {
    const schema = lazySchema(async () => ({ CountSchema }), 'CountSchema');
    await expect(schema.parse({ count: 'three' })).rejects.toThrow(new TypeError('count must be a number'));
  });

  it('tries the load again at the next answer when it failed (a chunk lost to the network)', async () => {
    const load = vi.fn<() => Promise<{ CountSchema: typeof CountSchema }>>().mockRejectedValueOnce(new Error('Loading chunk schemas failed')).mockResolvedValue({ CountSchema });
    const schema = lazySchema(load, 'CountSchema');
    await expect(schema.parse({ count: 1 })).rejects.toThrow('Loading chunk schemas failed');
    await expect(schema.parse({ count: 1 })).resolves.toEqual({ count: 1 });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
