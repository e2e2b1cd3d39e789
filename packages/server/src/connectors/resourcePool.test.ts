import { describe, expect, it } from 'vitest';
import { PoolWaitTimeoutError } from './poolErrors.js';
import { ResourcePool } from './resourcePool.js';

/** Whether a promise settled within a few turns of the event loop. */
const settled = (p: Promise<unknown>) => Promise.race([p.then(() => true, () => true), new Promise<boolean>((r) => setTimeout(() => r(false), 20))]);

function counter(max: number, limits = { maxPerUser: 0, queueTimeoutMs: 10_000 }) {
  let created = 0;
  const destroyed: number[] = [];
  const pool = new ResourcePool(async () => ++created, (r) => destroyed.push(r), max, limits);
  return { pool, destroyed, created: () => created };
}

describe('ResourcePool', () => {
  it('bounds resources, serves waiters in order and drains on close', async () => {
    const { pool, destroyed, created } = counter(2, { maxPerUser: 2, queueTimeoutMs: 10_000 });
    const a = await pool.acquire(1);
    const b = await pool.acquire(1);
    const third = pool.acquire(1);
    expect(created()).toBe(2);
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
    await expect(pool.acquire(1)).rejects.toThrow(/closed/);
  });

  it("caps each user at half the pool, so another user's query starts at once while the first user's queries all run", async () => {
    const { pool } = counter(4);
    expect(pool.maxPerUser).toBe(2);
    await pool.acquire(1);
    await pool.acquire(1);
    // User 1's third query waits although the pool has room: that room is the other users' share.
    const third = pool.acquire(1);
    expect(await settled(third)).toBe(false);
    expect(await settled(pool.acquire(2))).toBe(true);
    expect(await settled(pool.acquire(null))).toBe(true);
    // The server's own work (metadata, probes) is not capped.
    const server = [pool.acquire(), pool.acquire()];
    expect(await settled(Promise.all(server))).toBe(false);
  });

  it('gives a freed resource to the waiting user holding the fewest, round-robin between users, not first come first served', async () => {
    const { pool } = counter(3, { maxPerUser: 3, queueTimeoutMs: 10_000 });
    const held = [await pool.acquire(1), await pool.acquire(1), await pool.acquire(1)];
    const order: string[] = [];
    const wait = (user: number, label: string) =>
      pool.acquire(user).then((r) => {
        order.push(label);
        return r;
      });
    // User 1 queued two more before users 2 and 3 asked: first come first served would run a4, a5, b1, c1, b2.
    const [, , b1, c1] = [wait(1, 'a4'), wait(1, 'a5'), wait(2, 'b1'), wait(3, 'c1'), wait(2, 'b2')];
    const next = async (resource: number) => {
      pool.release(resource);
      await new Promise((r) => setTimeout(r, 0));
    };
    await next(held[0]!);
    await next(held[1]!);
    await next(held[2]!);
    expect(order).toEqual(['b1', 'c1', 'a4']);
    await next(await b1!);
    await next(await c1!);
    expect(order).toEqual(['b1', 'c1', 'a4', 'b2', 'a5']);
  });

  it('on a tie, serves the user who waited since longest ago, not the one whose request came first', async () => {
    const { pool } = counter(1, { maxPerUser: 1, queueTimeoutMs: 10_000 });
    const first = await pool.acquire(1);
    const order: string[] = [];
    const a2 = pool.acquire(1).then((r) => (order.push('a2'), r));
    const b1 = pool.acquire(2).then((r) => (order.push('b1'), r));
    // User 1 gives its connection back: both users now hold none, and user 2 has not had a turn yet.
    pool.release(first);
    pool.release(await b1);
    await a2;
    expect(order).toEqual(['b1', 'a2']);
  });

  it('fails a request that waited past the queue timeout with a catalogue error naming whose queries held the pool', async () => {
    const { pool } = counter(2, { maxPerUser: 1, queueTimeoutMs: 50 });
    const mine = await pool.acquire(1);
    const own = await pool.acquire(1).catch((e: unknown) => e);
    expect(own).toBeInstanceOf(PoolWaitTimeoutError);
    expect((own as PoolWaitTimeoutError).status).toBe(429);
    expect((own as PoolWaitTimeoutError).toEntry()).toMatchObject({ error_type: 'BACKEND_TIMEOUT_ERROR', extra: { reason: 'too_many_queries_per_user', max_per_user: 1 } });
    expect((own as Error).message).toMatch(/^You have too many queries running on this database/);

    await pool.acquire(2);
    const busy = await pool.acquire(3).catch((e: unknown) => e);
    expect((busy as PoolWaitTimeoutError).status).toBe(503);
    expect((busy as Error).message).toMatch(/busy with other users' queries/);

    // A timed-out waiter is gone from the queue: the next free resource goes to a live one.
    const live = pool.acquire(3);
    pool.release(mine);
    expect(await settled(live)).toBe(true);
  });
});
