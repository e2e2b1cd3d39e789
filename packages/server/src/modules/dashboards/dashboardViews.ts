import { userRef, type DashboardListItem, type DashboardShow, type UserRef } from '@tessera/core';
import { humanizeDelta } from '../databases/humanizeDelta.js';
import { ownersFor, type OwnerRow } from '../../metadata-store/ownerLinks.js';
import type { DashboardJoinedRow } from './dashboards.repository.js';

export const LIST_COLUMNS = [
  'id',
  'uuid',
  'slug',
  'url',
  'dashboard_title',
  'thumbnail_url',
  'published',
  'status',
  'certified_by',
  'certification_details',
  'changed_by.first_name',
  'changed_by.last_name',
  'changed_by_name',
  'changed_on_utc',
  'changed_on_delta_humanized',
  'created_by.id',
  'created_by.first_name',
  'created_by.last_name',
  'created_on_delta_humanized',
  'owners.id',
  'owners.first_name',
  'owners.last_name',
  'roles.id',
  'roles.name',
  'tags.id',
  'is_managed_externally',
];

export const dashboardUrl = (row: { id: number; slug: string | null }) => `/superset/dashboard/${row.slug || row.id}/`;

const ownerRefs: (owners: OwnerRow[], id: number) => UserRef[] = ownersFor;

/** Superset's last_modified_time: changed_on as epoch seconds (a float with the milliseconds). */
export const lastModifiedTime = (changedOn: string): number => Date.parse(changedOn) / 1000;

function common(row: DashboardJoinedRow, owners: OwnerRow[], now: number, thumbnailUrl: string | null) {
  const changedBy = userRef(row.changed_by_fk, row.changed_by_first_name, row.changed_by_last_name);
  return {
    id: row.id,
    uuid: row.uuid,
    slug: row.slug,
    url: dashboardUrl(row),
    dashboard_title: row.dashboard_title,
    thumbnail_url: thumbnailUrl,
    published: row.published === 1,
    certified_by: row.certified_by,
    certification_details: row.certification_details,
    changed_by_name: changedBy ? `${changedBy.first_name} ${changedBy.last_name}`.trim() : '',
    changed_by: changedBy,
    changed_on: row.changed_on,
    changed_on_delta_humanized: humanizeDelta(row.changed_on, now),
    created_by: userRef(row.created_by_fk, row.created_by_first_name, row.created_by_last_name),
    created_on_delta_humanized: humanizeDelta(row.created_on, now),
    owners: ownerRefs(owners, row.id),
    tags: [],
    is_managed_externally: row.is_managed_externally === 1,
  };
}

export function toDashboardShow(
  row: DashboardJoinedRow,
  parts: { owners: OwnerRow[]; roles: { id: number; name: string }[]; charts: string[]; thumbnailUrl: string | null },
  now = Date.now(),
): DashboardShow {
  return {
    ...common(row, parts.owners, now, parts.thumbnailUrl),
    css: row.css,
    json_metadata: row.json_metadata,
    position_json: row.position_json,
    charts: parts.charts,
    roles: parts.roles,
    last_modified_time: lastModifiedTime(row.changed_on),
  };
}

export function toDashboardListItem(row: DashboardJoinedRow, owners: OwnerRow[], thumbnailUrl: string | null, now = Date.now()): DashboardListItem {
  return { ...common(row, owners, now, thumbnailUrl), roles: [], changed_on_utc: row.changed_on, status: row.published === 1 ? 'published' : 'draft' };
}
