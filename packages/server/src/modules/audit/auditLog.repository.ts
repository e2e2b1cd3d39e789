import { sql, type Insertable, type Selectable } from 'kysely';
import type { MetadataDb } from '../../metadata-store/createMetadataStore.js';
import type { AuditLogTable } from '../../metadata-store/auditLogSchema.js';
import { textMatches } from '../../metadata-store/textMatch.js';

export type AuditLogRow = Selectable<AuditLogTable>;
export type NewAuditLogRow = Insertable<AuditLogTable>;

export type AuditLogFilter =
  | { col: 'action' | 'username' | 'outcome' | 'object_type' | 'object_id'; opr: 'eq' | 'sw' | 'ct'; value: string }
  | { col: 'user_id'; value: number }
  /** `gt`: at or after, `lt`: before; the value is ISO-8601 UTC, as the column is written. */
  | { col: 'created_on'; opr: 'gt' | 'lt'; value: string };

/** Order columns the list accepts, mapped to the table's own columns (never caller text). */
export const AUDIT_LOG_ORDER = {
  created_on: 'created_on',
  id: 'id',
  action: 'action',
  username: 'username',
  outcome: 'outcome',
} as const;

export interface AuditLogCriteria {
  filters: AuditLogFilter[];
  orderBy: keyof typeof AUDIT_LOG_ORDER;
  direction: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

/** The `audit_log` table: appended to, read by admins, pruned by age. */
export class AuditLogRepository {
  constructor(private readonly db: MetadataDb) {}

  async insert(row: NewAuditLogRow): Promise<void> {
    await this.db.insertInto('audit_log').values(row).execute();
  }

  async findById(id: number): Promise<AuditLogRow | null> {
    return (await this.db.selectFrom('audit_log').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
  }

  async list(c: AuditLogCriteria): Promise<{ rows: AuditLogRow[]; count: number }> {
    let base = this.db.selectFrom('audit_log');
    for (const f of c.filters) {
      if (f.col === 'user_id') base = base.where('user_id', '=', f.value);
      else if (f.col === 'created_on') base = base.where('created_on', f.opr === 'gt' ? '>=' : '<', f.value);
      else if (f.opr === 'eq') base = base.where(f.col, '=', f.value);
      else base = base.where(textMatches(f.col, f.value, f.opr === 'sw' ? 'startsWith' : 'contains'));
    }
    const { count } = await base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
    // The id breaks ties in the same direction, so rows written in the same millisecond keep their order.
    const rows = await base
      .selectAll()
      .orderBy(sql.ref(AUDIT_LOG_ORDER[c.orderBy]), c.direction)
      .orderBy('id', c.direction)
      .limit(c.pageSize)
      .offset(c.page * c.pageSize)
      .execute();
    return { rows, count: Number(count) };
  }

  /** Deletes rows written before `beforeIso`; returns how many. */
  async deleteOlderThan(beforeIso: string): Promise<number> {
    const result = await this.db.deleteFrom('audit_log').where('created_on', '<', beforeIso).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
