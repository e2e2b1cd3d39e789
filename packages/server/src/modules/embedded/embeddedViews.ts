import type { EmbeddedDashboardResult, EmbeddedDashboardShow } from '@tessera/core';
import type { EmbeddedJoinedRow, EmbeddedRow } from './embedded.repository.js';

/** Stored JSON text back to a list; anything unreadable is no list (which would allow any domain), so it reads as one that allows none. */
export function allowedDomainsOf(row: EmbeddedRow): string[] {
  try {
    const parsed: unknown = JSON.parse(row.allowed_domains);
    if (Array.isArray(parsed) && parsed.every((d) => typeof d === 'string')) return parsed;
  } catch {
    /* fall through */
  }
  return ["'none'"];
}

export function toEmbeddedResult(row: EmbeddedJoinedRow): EmbeddedDashboardResult {
  return {
    uuid: row.uuid,
    allowed_domains: allowedDomainsOf(row),
    dashboard_id: row.dashboard_id,
    changed_on: row.changed_on,
    changed_by:
      row.changed_by_fk === null
        ? null
        : { id: row.changed_by_fk, first_name: row.changed_by_first_name ?? '', last_name: row.changed_by_last_name ?? '' },
  };
}

export function toEmbeddedShow(row: EmbeddedRow): EmbeddedDashboardShow {
  return { uuid: row.uuid, dashboard_id: row.dashboard_id, allowed_domains: allowedDomainsOf(row), changed_on: row.changed_on };
}
