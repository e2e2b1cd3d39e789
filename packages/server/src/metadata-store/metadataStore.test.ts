import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BUILTIN_ROLES } from '@tessera/core';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SecurityRepository } from '../modules/security/security.repository.js';
import { SecurityService } from '../modules/security/security.service.js';
import { UsersRepository } from '../modules/security/users.repository.js';
import { createScratchPostgres } from '../test/postgresDatabase.js';
import { services, skipNotice, startTestApp, TEST_ADMIN_PASSWORD } from '../test/testApp.js';
import { createMetadataStore, migrate, type MetadataStore } from './createMetadataStore.js';
import { MIGRATIONS } from './migrations/index.js';

type Leg = { name: string; open(): Promise<{ store: MetadataStore; cleanup(): Promise<void> }>; env(): Promise<{ env: Record<string, string>; cleanup(): Promise<void> }> };

const sqliteLeg: Leg = {
  name: 'SQLite',
  async open() {
    const dir = mkdtempSync(path.join(tmpdir(), 'tessera-meta-'));
    const store = await createMetadataStore({ databaseUrl: null, dataDir: dir });
    return { store, cleanup: async () => { await store.close(); rmSync(dir, { recursive: true, force: true }); } };
  },
  async env() {
    // Empty means unset: keeps this leg on SQLite even when the suite runs on PostgreSQL metadata.
    return { env: { DATABASE_URL: '' }, cleanup: async () => undefined };
  },
};

const postgresLeg: Leg | null = services.postgres
  ? {
      name: 'PostgreSQL',
      async open() {
        const scratch = await createScratchPostgres(services.postgres!);
        const store = await createMetadataStore({ databaseUrl: scratch.url, dataDir: tmpdir() });
        return { store, cleanup: async () => { await store.close(); await scratch.drop(); } };
      },
      async env() {
        const scratch = await createScratchPostgres(services.postgres!);
        return { env: { DATABASE_URL: scratch.url }, cleanup: () => scratch.drop() };
      },
    }
  : null;

if (!postgresLeg) skipNotice('PostgreSQL metadata store', 'TESSERA_TEST_POSTGRES_URL');

describe.skipIf(!services.postgres)('PostgreSQL metadata connections', () => {
  it('survive the server dropping an idle connection: reported, replaced, no crash', async () => {
    const scratch = await createScratchPostgres(services.postgres!);
    const dropped: Error[] = [];
    const store = await createMetadataStore({ databaseUrl: scratch.url, dataDir: tmpdir(), onPoolError: (e) => dropped.push(e) });
    try {
      await sql`select 1`.execute(store.db);
      // Another session kills every connection of the store, as a restart or an admin would.
      const admin = new pg.Client({ connectionString: services.postgres! });
      await admin.connect();
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [
        new URL(scratch.url).pathname.slice(1),
      ]);
      await admin.end();
      await new Promise((r) => setTimeout(r, 300));
      expect(dropped.length).toBeGreaterThan(0);
      const again = await sql<{ n: number }>`select 1 as n`.execute(store.db);
      expect(Number(again.rows[0]?.n)).toBe(1);
    } finally {
      await store.close();
      await scratch.drop();
    }
  });
});

for (const leg of [sqliteLeg, postgresLeg]) {
  if (!leg) continue;
  describe(`metadata store on ${leg.name}`, () => {
    let store: MetadataStore;
    let cleanup: () => Promise<void>;
    beforeAll(async () => {
      ({ store, cleanup } = await leg.open());
    });
    afterAll(() => cleanup());

    it('runs migrations once and is idempotent on restart', async () => {
      await migrate(store.db, store.dialect);
      const rows = await store.db
        .selectFrom('tessera_migrations' as never)
        .select('name' as never)
        .execute();
      expect(rows.map((r) => (r as { name: string }).name)).toEqual(Object.keys(MIGRATIONS));
    });

    it('stores Superset’s datasource type aliases of old charts as table', async () => {
      const now = new Date().toISOString();
      const row = (uuid: string, datasource_type: string) => ({ uuid, slice_name: uuid, viz_type: 'table', datasource_id: 1, datasource_type, is_managed_externally: 0, created_on: now, changed_on: now });
      await store.db.insertInto('slices').values([row('alias-dataset', 'dataset'), row('alias-view', 'view'), row('kept-query', 'query')]).execute();
      await MIGRATIONS['0008_chart_datasource_type']!.up(store.db as never, store.dialect);
      const types = await store.db.selectFrom('slices').select(['uuid', 'datasource_type']).where('uuid', 'in', ['alias-dataset', 'alias-view', 'kept-query']).orderBy('uuid').execute();
      expect(types).toEqual([
        { uuid: 'alias-dataset', datasource_type: 'table' },
        { uuid: 'alias-view', datasource_type: 'table' },
        { uuid: 'kept-query', datasource_type: 'query' },
      ]);
      await store.db.deleteFrom('slices').where('uuid', 'in', ['alias-dataset', 'alias-view', 'kept-query']).execute();
    });

    it('syncs built-in roles without duplicating pairs', async () => {
      const users = new UsersRepository(store.db);
      const roles = new SecurityRepository(store.db);
      const security = new SecurityService(roles, users);
      await security.syncBuiltinRoles();
      await security.syncBuiltinRoles();
      const admin = await roles.findRoleByName('Admin');
      const perms = await roles.permissionViewsOfRole(admin!.id);
      expect(perms.length).toBe(BUILTIN_ROLES.Admin.length);
    });

    it('stores users, roles and sessions; unique usernames are enforced', async () => {
      const users = new UsersRepository(store.db);
      const id = await users.create({ username: 'u1', first_name: 'U', last_name: 'One', email: 'u1@x.io', active: 1, password_hash: 'h' });
      await users.recordLogin(id);
      const row = await users.findById(id);
      expect(row).toMatchObject({ username: 'u1', login_count: 1, active: 1 });
      await expect(users.create({ username: 'u1', first_name: '', last_name: '', email: 'u1b@x.io', active: 1, password_hash: 'h' })).rejects.toThrow();
      await users.createSession('s1', id, new Date(Date.now() + 60_000).toISOString());
      expect(await users.findSession('s1')).toMatchObject({ user_id: id });
      await users.delete(id);
      // Sessions go with their user (foreign key cascade on both engines).
      expect(await users.findSession('s1')).toBeNull();
    });
  });

  describe(`the whole app on ${leg.name} metadata`, () => {
    it('starts, creates the admin and serves login over HTTP', async () => {
      const { env, cleanup } = await leg.env();
      const t = await startTestApp(env);
      try {
        expect(t.ctx.store.dialect).toBe(leg === postgresLeg ? 'postgres' : 'sqlite');
        const login = await t.api('POST', '/api/v1/security/login', {
          token: null,
          body: { username: 'admin', password: TEST_ADMIN_PASSWORD, provider: 'db', refresh: true },
        });
        expect(login.status).toBe(200);
        const health = await fetch(`${t.url}/health`);
        expect(await health.text()).toBe('OK');
      } finally {
        await t.close();
        await cleanup();
      }
    });
  });
}
