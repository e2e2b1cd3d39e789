import { textMatches } from '../../metadata-store/textMatch.js';
import type { ListQuery, UserRecord } from '@tessera/core';
import type { MetadataDb } from '../../metadata-store/createMetadataStore.js';
import { nowIso, toBool } from '../../metadata-store/createMetadataStore.js';
import type { UserTable } from '../../metadata-store/schema.js';
import type { Selectable } from 'kysely';

export type UserRow = Selectable<UserTable>;

const ORDERABLE = new Set(['id', 'username', 'first_name', 'last_name', 'email', 'active', 'last_login', 'created_on', 'changed_on']);

/**
 * How long a user row read for authentication is reused. Every request resolves its caller; under load
 * this turns a metadata read per request into one per window. Writes through this repository forget the
 * row at once; another server process sees a deactivation at most this late.
 */
const RECENT_USER_MS = 5_000;

export class UsersRepository {
  private readonly recent = new Map<number, { row: UserRow | null; at: number }>();

  constructor(private readonly db: MetadataDb) {}

  async findById(id: number): Promise<UserRow | null> {
    return (await this.db.selectFrom('ab_user').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
  }

  /** findById for the per-request authentication path: a row read in the last few seconds is reused. */
  async findRecentById(id: number): Promise<UserRow | null> {
    const hit = this.recent.get(id);
    if (hit && Date.now() - hit.at < RECENT_USER_MS) return hit.row;
    const row = await this.findById(id);
    if (this.recent.size > 10_000) this.recent.clear();
    this.recent.set(id, { row, at: Date.now() });
    return row;
  }

  async findByUsername(username: string): Promise<UserRow | null> {
    return (await this.db.selectFrom('ab_user').selectAll().where('username', '=', username).executeTakeFirst()) ?? null;
  }

  async findByEmail(email: string): Promise<UserRow | null> {
    return (await this.db.selectFrom('ab_user').selectAll().where('email', '=', email).executeTakeFirst()) ?? null;
  }

  async count(): Promise<number> {
    const { c } = await this.db.selectFrom('ab_user').select((eb) => eb.fn.countAll<number>().as('c')).executeTakeFirstOrThrow();
    return Number(c);
  }

  async create(values: Omit<UserRow, 'id' | 'created_on' | 'changed_on' | 'login_count' | 'fail_login_count' | 'last_login'>): Promise<number> {
    const now = nowIso();
    const row = await this.db
      .insertInto('ab_user')
      .values({ ...values, created_on: now, changed_on: now, login_count: 0, fail_login_count: 0, last_login: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(id: number, values: Partial<Omit<UserRow, 'id'>>): Promise<void> {
    this.recent.delete(id);
    await this.db.updateTable('ab_user').set({ ...values, changed_on: nowIso() }).where('id', '=', id).execute();
  }

  async recordLogin(id: number): Promise<void> {
    this.recent.delete(id);
    await this.db
      .updateTable('ab_user')
      .set((eb) => ({ login_count: eb('login_count', '+', 1), fail_login_count: 0, last_login: nowIso() }))
      .where('id', '=', id)
      .execute();
  }

  async recordFailedLogin(id: number): Promise<void> {
    this.recent.delete(id);
    await this.db
      .updateTable('ab_user')
      .set((eb) => ({ fail_login_count: eb('fail_login_count', '+', 1) }))
      .where('id', '=', id)
      .execute();
  }

  async delete(id: number): Promise<void> {
    this.recent.delete(id);
    await this.db.deleteFrom('ab_user').where('id', '=', id).execute();
  }

  async roleIdsOf(userId: number): Promise<number[]> {
    const rows = await this.db.selectFrom('ab_user_role').select('role_id').where('user_id', '=', userId).execute();
    return rows.map((r) => r.role_id);
  }

  async setRoles(userId: number, roleIds: readonly number[]): Promise<void> {
    this.recent.delete(userId);
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('ab_user_role').where('user_id', '=', userId).execute();
      for (const roleId of new Set(roleIds)) {
        await trx.insertInto('ab_user_role').values({ user_id: userId, role_id: roleId }).execute();
      }
    });
  }

  async list(q: ListQuery): Promise<{ count: number; rows: UserRecord[] }> {
    let base = this.db.selectFrom('ab_user');
    for (const f of q.filters) {
      if (typeof f.value !== 'string' && typeof f.value !== 'number' && typeof f.value !== 'boolean') continue;
      if (f.col === 'active') base = base.where('active', '=', f.value === true || f.value === 1 || f.value === 'true' ? 1 : 0);
      else if (['username', 'first_name', 'last_name', 'email'].includes(f.col)) {
        const col = f.col as 'username' | 'first_name' | 'last_name' | 'email';
        base = f.opr === 'eq' ? base.where(col, '=', String(f.value)) : base.where(textMatches(col, String(f.value)));
      }
    }
    const { c } = await base.select((eb) => eb.fn.countAll<number>().as('c')).executeTakeFirstOrThrow();
    const orderCol = q.order_column && ORDERABLE.has(q.order_column) ? (q.order_column as 'id') : 'username';
    let query = base.selectAll().orderBy(orderCol, q.order_direction);
    if (q.page_size >= 0) query = query.limit(q.page_size).offset(q.page * q.page_size);
    const users = await query.execute();
    const ids = users.map((u) => u.id);
    const roleRows = ids.length
      ? await this.db
          .selectFrom('ab_user_role as ur')
          .innerJoin('ab_role as r', 'r.id', 'ur.role_id')
          .select(['ur.user_id', 'r.id', 'r.name'])
          .where('ur.user_id', 'in', ids)
          .execute()
      : [];
    return { count: Number(c), rows: users.map((u) => toRecord(u, roleRows.filter((r) => r.user_id === u.id))) };
  }

  async getRecord(id: number): Promise<UserRecord | null> {
    const user = await this.findById(id);
    if (!user) return null;
    const roles = await this.db
      .selectFrom('ab_user_role as ur')
      .innerJoin('ab_role as r', 'r.id', 'ur.role_id')
      .select(['r.id', 'r.name'])
      .where('ur.user_id', '=', id)
      .execute();
    return toRecord(user, roles);
  }

  async createSession(id: string, userId: number, expiresOn: string): Promise<void> {
    await this.db.insertInto('sessions').values({ id, user_id: userId, created_on: nowIso(), expires_on: expiresOn }).execute();
  }

  async findSession(id: string) {
    return (await this.db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
  }

  async deleteSession(id: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('id', '=', id).execute();
  }

  async deleteSessionsOf(userId: number): Promise<void> {
    await this.db.deleteFrom('sessions').where('user_id', '=', userId).execute();
  }

  async deleteExpiredSessions(): Promise<void> {
    await this.db.deleteFrom('sessions').where('expires_on', '<', nowIso()).execute();
  }
}

function toRecord(u: UserRow, roles: { id: number; name: string }[]): UserRecord {
  return {
    id: u.id,
    username: u.username,
    first_name: u.first_name,
    last_name: u.last_name,
    email: u.email,
    active: toBool(u.active),
    login_count: u.login_count,
    last_login: u.last_login,
    created_on: u.created_on,
    changed_on: u.changed_on,
    roles: roles.map((r) => ({ id: r.id, name: r.name })),
  };
}
