import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app/buildApp.js';
import { loadConfig } from '../../app/config.js';
import { createMetadataStore, type MetadataStore } from '../../metadata-store/createMetadataStore.js';
import { TEST_ADMIN_PASSWORD } from '../../test/testApp.js';
import { auditDetailsText } from './auditDetails.js';
import { AuditLogRepository } from './auditLog.repository.js';
import { AuditLogService } from './auditLog.service.js';

const DAY_MS = 24 * 3600_000;

/** A logger that keeps what was logged at error level. */
function recordingLogger(): FastifyBaseLogger & { errors: unknown[] } {
  const errors: unknown[] = [];
  const noop = () => undefined;
  const log = { errors, level: 'info', info: noop, warn: noop, debug: noop, trace: noop, fatal: noop, silent: noop, error: (obj: unknown) => errors.push(obj) };
  return Object.assign(log, { child: () => log }) as unknown as FastifyBaseLogger & { errors: unknown[] };
}

describe('AuditLogService', () => {
  let dir: string;
  let store: MetadataStore;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'tessera-audit-'));
    store = await createMetadataStore({ databaseUrl: null, dataDir: dir });
  });
  afterAll(async () => {
    await store?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('never throws into the caller: a failed write is logged instead', async () => {
    const closed = await createMetadataStore({ databaseUrl: null, dataDir: dir, sqliteFile: ':memory:' });
    await closed.close();
    const log = recordingLogger();
    const service = new AuditLogService(new AuditLogRepository(closed.db), log);
    await expect(service.record({ action: 'auth.login', username: 'admin' })).resolves.toBeUndefined();
    expect(log.errors).toHaveLength(1);
  });

  it('keeps details small and without secrets, whatever the caller passes', () => {
    const text = auditDetailsText({
      password: 'hunter2-secret',
      nested: { api_key: 'k-123', uri: 'postgresql://bob:p@ss/w0rd@db.internal:5432/sales', ok: 'kept' },
      url: 'https://db.example/x?user=bob&password=s3cr3t&x=1',
      list: Array.from({ length: 80 }, (_, i) => i),
      long: 'x'.repeat(1000),
    })!;
    expect(text).not.toMatch(/hunter2|k-123|p@ss|w0rd|s3cr3t/);
    const parsed = JSON.parse(text) as Record<string, any>;
    expect(parsed.password).toBe('XXXXXXXXXX');
    expect(parsed.nested).toEqual({ api_key: 'XXXXXXXXXX', uri: 'postgresql://bob:XXXXXXXXXX@db.internal:5432/sales', ok: 'kept' });
    expect(parsed.url).toBe('https://db.example/x?user=bob&password=XXXXXXXXXX&x=1');
    expect(parsed.list).toHaveLength(50);
    expect(parsed.long.length).toBeLessThan(300);
    expect(auditDetailsText({})).toBeNull();
    expect(auditDetailsText({ blob: Array.from({ length: 50 }, () => 'y'.repeat(200)) })).toBe('{"truncated":true}');
  });

  it('prunes rows past the retention at start, keeping the rest', async () => {
    const now = Date.now();
    const row = (daysAgo: number, username: string) => ({
      created_on: new Date(now - daysAgo * DAY_MS).toISOString(),
      user_id: null,
      username,
      action: 'auth.login',
      object_type: null,
      object_id: null,
      ip: null,
      user_agent: null,
      outcome: 'success',
      details: null,
    });
    await store.db.insertInto('audit_log').values([row(45, 'old'), row(10, 'recent')]).execute();
    const config = loadConfig({ DATA_DIR: dir, ADMIN_PASSWORD: TEST_ADMIN_PASSWORD, LOG_LEVEL: 'silent', EXAMPLES: 'off', AUDIT_LOG_RETENTION_DAYS: '30' });
    const built = await buildApp(config, { store, logger: false, print: () => undefined });
    try {
      const left = await store.db.selectFrom('audit_log').select('username').where('username', 'in', ['old', 'recent']).execute();
      expect(left).toEqual([{ username: 'recent' }]);
    } finally {
      await built.app.close();
    }
    // 0 keeps everything.
    const keepAll = new AuditLogService(new AuditLogRepository(store.db), recordingLogger());
    await store.db.insertInto('audit_log').values(row(4000, 'ancient')).execute();
    expect(await keepAll.prune(0)).toBe(0);
    expect(await keepAll.prune(30)).toBe(1);
  });
});
