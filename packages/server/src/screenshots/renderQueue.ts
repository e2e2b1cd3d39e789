import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app/context.js';
import { BullmqQueue } from '../jobs/bullmqQueue.js';
import { InProcessQueue } from '../jobs/inProcessQueue.js';
import type { JobQueue } from '../jobs/jobQueue.js';
import { MemoryChartCache, RedisChartCache } from '../query-engine/chartCache.js';
import { MemoryRenderClaims, RedisRenderClaims, type RenderClaims } from './renderClaims.js';
import { ScreenshotCache } from './screenshotCache.js';

/** The address this process listens on, as a browser on this machine reaches it; PORT when it does not listen. */
export function ownBaseUrl(app: FastifyInstance, port: number): string {
  const address = app.server.address();
  if (address && typeof address === 'object') {
    const any = address.address === '0.0.0.0' || address.address === '::';
    const host = any ? '127.0.0.1' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
    return `http://${host}:${address.port}`;
  }
  return `http://127.0.0.1:${port}`;
}

/**
 * One kind of picture's cache and claims: in-process (an LRU of `memoryBytes`), or Redis under `prefix` (claims under
 * `<prefix>claim:`) with REDIS_URL, so every web process and worker sees the same pictures.
 */
export function pictureStore(ctx: AppContext, prefix: string, memoryBytes: number): { cache: ScreenshotCache; claims: RenderClaims } {
  return {
    cache: new ScreenshotCache(ctx.redis ? new RedisChartCache(ctx.redis, prefix) : new MemoryChartCache(memoryBytes)),
    claims: ctx.redis ? new RedisRenderClaims(ctx.redis, `${prefix}claim:`) : new MemoryRenderClaims(),
  };
}

export interface RenderQueueOptions<J> {
  name: string;
  run: (job: J) => Promise<void>;
  concurrency: number;
  /** The log line of a job that threw (the runners never do; this is the queue's own failure). */
  failureMessage: string;
}

/**
 * A render queue: in-process, or BullMQ with REDIS_URL (consumed here unless TESSERA_SQLLAB_WORKER=off, and by
 * workers). It drains when the app closes.
 */
export function startRenderQueue<J extends object>(app: FastifyInstance, ctx: AppContext, options: RenderQueueOptions<J>): JobQueue<J> {
  const { name, run, concurrency, failureMessage } = options;
  const onError = (err: unknown) => ctx.log.error({ err }, failureMessage);
  const consume = process.env.TESSERA_SQLLAB_WORKER !== 'off';
  const queue = ctx.config.redisUrl
    ? new BullmqQueue<J>(name, ctx.config.redisUrl, consume ? run : null, concurrency, onError)
    : new InProcessQueue<J>(run, concurrency, onError);
  app.addHook('onClose', async () => {
    await queue.close();
  });
  return queue;
}
