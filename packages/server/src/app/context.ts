import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { AppConfig } from './config.js';
import type { Secrets } from './secrets.js';
import type { MetadataDb, MetadataStore } from '../metadata-store/createMetadataStore.js';

/** The composition root hands this to every module: the only shared singletons. */
export interface AppContext {
  config: AppConfig;
  store: MetadataStore;
  db: MetadataDb;
  secrets: Secrets;
  redis: Redis | null;
  log: FastifyBaseLogger;
}
