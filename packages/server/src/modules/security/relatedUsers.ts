import { z } from 'zod';
import type { MetadataDb } from '../../metadata-store/createMetadataStore.js';
import { textMatches } from '../../metadata-store/textMatch.js';

/** `q` of FAB's `related/<column>` endpoints: a text filter and a page. */
export const relatedQuery = z
  .object({ filter: z.string().default(''), page: z.number().int().min(0).default(0), page_size: z.number().int().min(1).max(100).default(100) })
  .loose();
export type RelatedQuery = z.infer<typeof relatedQuery>;

/** One option of a people filter (owners, created_by, changed_by), as FAB answers it. */
export interface RelatedUser {
  value: number;
  text: string;
  extra: { active: boolean; email: string };
}

/** Users matching `filter` on first name, last name or username, by first name; `activeOnly` leaves out deactivated ones. */
export async function relatedUsers(db: MetadataDb, filter: string, activeOnly = false): Promise<RelatedUser[]> {
  let q = db.selectFrom('ab_user').select(['id', 'first_name', 'last_name', 'email', 'active']);
  if (activeOnly) q = q.where('active', '=', 1);
  if (filter) q = q.where((eb) => eb.or([textMatches('first_name', filter), textMatches('last_name', filter), textMatches('username', filter)]));
  const rows = await q.orderBy('first_name').orderBy('id').execute();
  return rows.map((u) => ({ value: u.id, text: `${u.first_name} ${u.last_name}`.trim(), extra: { active: u.active === 1, email: u.email } }));
}

/** FAB's `{count, result}` for one page of related options. */
export function relatedPage<T>(all: T[], rq: RelatedQuery): { count: number; result: T[] } {
  return { count: all.length, result: all.slice(rq.page * rq.page_size, (rq.page + 1) * rq.page_size) };
}
