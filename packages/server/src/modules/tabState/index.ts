import type { FastifyInstance } from 'fastify';
import type { DataModuleDeps } from '../../app/moduleDeps.js';

/** Placeholder: filled in by the SQL Lab work. */
export function tabStateModule(_deps: DataModuleDeps) {
  return async function register(_app: FastifyInstance): Promise<void> {};
}
