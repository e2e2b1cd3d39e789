import { UNTITLED_DASHBOARD, type DashboardJsonMetadata } from '@tessera/core';
import type { DashboardUpdate } from '../../../api/dashboardApi';
import type { DashboardState } from '../state/dashboardStateSlice';

export interface SaveInput {
  info: NonNullable<DashboardState['info']>;
  metadata: DashboardJsonMetadata;
  /** The layout as `position_json` text. */
  positionJson: string;
  expandedSlices: Record<number, boolean>;
  refreshFrequency: number;
  shouldPersistRefreshFrequency: boolean;
  lastModifiedTime: number | null;
}

/**
 * The PUT body of an edit-mode save (facts §4.3): title (empty -> '[ untitled dashboard ]'), slug, owners, css, layout and
 * metadata, plus `last_modified_time` so the server can refuse a save over someone else's (409, confirm-diff).
 * `positions` is not sent: the layout travels in `position_json`.
 */
export function buildSavePayload(input: SaveInput): DashboardUpdate {
  const { info, metadata } = input;
  const { positions: _positions, ...kept } = metadata;
  const json: DashboardJsonMetadata = {
    ...kept,
    expanded_slices: Object.fromEntries(Object.entries(input.expandedSlices).filter(([, open]) => open)),
    refresh_frequency: input.shouldPersistRefreshFrequency ? input.refreshFrequency : (metadata.refresh_frequency ?? 0),
  };
  const payload: DashboardUpdate = {
    dashboard_title: info.dashboard_title.trim() || UNTITLED_DASHBOARD,
    slug: info.slug?.trim() || null,
    owners: info.owners.map((owner) => owner.id),
    css: info.css ?? '',
    certified_by: info.certified_by,
    certification_details: info.certified_by ? info.certification_details : null,
    position_json: input.positionJson,
    json_metadata: JSON.stringify(json),
  };
  if (input.lastModifiedTime !== null) payload.last_modified_time = input.lastModifiedTime;
  return payload;
}

/** The fields whose stored values differ from what is about to be saved, for the overwrite confirmation. */
export function changedFields(stored: Record<string, unknown>, payload: DashboardUpdate): string[] {
  const labels: Record<string, string> = {
    dashboard_title: 'Title',
    slug: 'Slug',
    css: 'CSS',
    position_json: 'Layout',
    json_metadata: 'JSON metadata',
    certified_by: 'Certified by',
    certification_details: 'Certification details',
  };
  const normalise = (key: string, value: unknown): unknown => {
    if ((key === 'position_json' || key === 'json_metadata') && typeof value === 'string') {
      try {
        return JSON.stringify(JSON.parse(value));
      } catch {
        return value;
      }
    }
    return value ?? '';
  };
  return Object.keys(labels).filter(
    (key) => key in payload && normalise(key, stored[key]) !== normalise(key, (payload as Record<string, unknown>)[key]),
  ).map((key) => labels[key]!);
}
