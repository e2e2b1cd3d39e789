import { MAX_ID, type Principal } from '@tessera/core';
import { notFound } from '../../app/httpErrors.js';
import { keyFromUuid, uuidFromKey, type KeyValueEntry, type KeyValueService } from './keyValue.service.js';

/** Whether the caller may see a database (false also when there is no such database). */
export type DatabaseVisible = (principal: Principal, databaseId: number) => Promise<boolean>;

const NUMERIC_KEY = /^\d{1,15}$/;

/**
 * The database a shared SQL Lab query names (`dbId`, as SQL Lab stores it; `database_id` also read): its id,
 * `none` when the value names none, `invalid` when it names one in a form that is no id (read by nobody rather
 * than by everybody, as no access can be checked).
 */
function databaseOf(value: string): number | 'none' | 'invalid' {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return 'none';
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return 'none';
  const record = parsed as Record<string, unknown>;
  const given = record.dbId ?? record.database_id;
  if (given === undefined || given === null) return 'none';
  const id = typeof given === 'string' && /^\d{1,15}$/.test(given) ? Number(given) : given;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 && id <= MAX_ID ? id : 'invalid';
}

/**
 * SQL Lab queries shared through the legacy KV store (`/kv/store/`, `/kv/<key>/`, and 5.0's `kv:<key>` permalinks).
 *
 * Keys are 128 random bits: the numeric row ids handed out before were sequential, so any SQL Lab user could read
 * every shared query by counting. Such an id still opens its entry, for the user who stored it only. Either way
 * the reader must be able to see the database the query runs on, as SQL Lab itself requires to open it;
 * otherwise the entry reads as missing (404), so its existence is not revealed.
 */
export class SharedQueriesService {
  constructor(
    private readonly kv: KeyValueService,
    private readonly databaseVisible: DatabaseVisible,
  ) {}

  /** Stores the shared query's text and returns its key. */
  async store(principal: Principal, value: string): Promise<string> {
    const entry = await this.kv.putUnguessable('kv', value, { createdBy: principal.id });
    return keyFromUuid(entry.uuid);
  }

  /** The stored text under a key (or an old numeric id), if the caller may read it; otherwise 404. */
  async read(principal: Principal, key: string): Promise<string> {
    const entry = await this.find(principal, key);
    if (!entry) throw notFound();
    const database = databaseOf(entry.value);
    if (database === 'invalid') throw notFound();
    if (database !== 'none' && !(await this.databaseVisible(principal, database))) throw notFound();
    return entry.value;
  }

  private async find(principal: Principal, key: string): Promise<KeyValueEntry | null> {
    if (NUMERIC_KEY.test(key)) {
      // Past the id column's 32 bits no row exists (and PostgreSQL would refuse the comparison).
      if (Number(key) > MAX_ID) return null;
      const entry = await this.kv.getById('kv', Number(key));
      return entry && entry.createdBy !== null && entry.createdBy === principal.id ? entry : null;
    }
    const uuid = uuidFromKey(key);
    return uuid ? this.kv.getByUuid('kv', uuid) : null;
  }
}
