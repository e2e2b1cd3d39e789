import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { services, skipNotice } from '../../test/testApp.js';
import { LoginThrottle } from './loginThrottle.js';

const redis = services.redis ? new Redis(services.redis) : null;
if (!redis) skipNotice('Redis login throttle', 'TESSERA_TEST_REDIS_URL');

const legs: [string, () => LoginThrottle][] = [['in-process', () => new LoginThrottle(2, null)]];
if (redis) legs.push(['Redis', () => new LoginThrottle(2, redis)]);

describe.each(legs)('login throttle (%s)', (_name, make) => {
  afterAll(async () => {
    if (redis && _name === 'Redis') await redis.quit();
  });

  it('blocks a user+IP after the limit, keeps others open, and a success resets the user count', async () => {
    const throttle = make();
    const user = `u-${randomBytes(4).toString('hex')}`;
    const ip = `10.0.${randomBytes(1)[0]}.1`;
    expect((await throttle.check(user, ip)).allowed).toBe(true);
    await throttle.fail(user, ip);
    await throttle.fail(user, ip);
    const blocked = await throttle.check(user, ip);
    expect(blocked.allowed).toBe(false);
    expect(blocked.retryAfterSeconds).toBeGreaterThan(0);
    expect((await throttle.check(`${user}-other`, ip)).allowed).toBe(true);
    expect((await throttle.check(user, '10.9.9.9')).allowed).toBe(true);
    await throttle.succeed(user, ip);
    expect((await throttle.check(user, ip)).allowed).toBe(true);
  });

  it.skipIf(_name !== 'Redis')('two server processes sharing the store share the count', async () => {
    const a = make();
    const b = make();
    const user = `shared-${randomBytes(4).toString('hex')}`;
    await a.fail(user, '10.1.1.1');
    await b.fail(user, '10.1.1.1');
    expect((await a.check(user, '10.1.1.1')).allowed).toBe(false);
  });
});
