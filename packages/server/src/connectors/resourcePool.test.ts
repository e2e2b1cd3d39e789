import { describe, expect, it } from 'vitest';
import { ResourcePool } from './resourcePool.js';

describe('ResourcePool', () => {
  it('bounds resources, serves waiters in order and drains on close', async () => {
    let created = 0;
    const destroyed: number[] = [];
    const pool = new ResourcePool(async () => ++created, (r) => destroyed.push(r), 2);
    const a = await pool.acquire();
    const b = await pool.acquire();
    const third = pool.acquire();
    expect(created).toBe(2);
    pool.release(a);
    expect(await third).toBe(a);
    const closing = pool.close();
    let closed = false;
    void closing.then(() => (closed = true));
    await Promise.resolve();
    expect(closed).toBe(false);
    pool.release(a);
    pool.release(b);
    await closing;
    expect(destroyed.sort()).toEqual([1, 2]);
    await expect(pool.acquire()).rejects.toThrow(/closed/);
  });
});
