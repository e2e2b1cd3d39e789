import { describe, expect, it } from 'vitest';
import type { DashboardState } from '../state/dashboardStateSlice';
import { buildSavePayload, changedFields } from './buildSavePayload';

const info = {
  id: 7,
  slug: ' sales ',
  dashboard_title: 'Sales',
  css: null,
  certified_by: null,
  certification_details: 'stale details',
  owners: [{ id: 5, first_name: 'A', last_name: 'B' }],
} as unknown as NonNullable<DashboardState['info']>;

const base = {
  info,
  metadata: { color_scheme: 'd3Category10', positions: { x: 1 }, refresh_frequency: 30, label_colors: { a: '#fff' } },
  positionJson: '{"ROOT_ID":{}}',
  expandedSlices: { 11: true, 12: false },
  refreshFrequency: 60,
  shouldPersistRefreshFrequency: false,
  lastModifiedTime: 1700000000.5,
};

describe('buildSavePayload', () => {
  it('sends the layout and metadata without positions, with the overwrite check', () => {
    const payload = buildSavePayload(base);
    const metadata = JSON.parse(payload.json_metadata!) as Record<string, unknown>;
    expect(metadata).toEqual({ color_scheme: 'd3Category10', refresh_frequency: 30, label_colors: { a: '#fff' }, expanded_slices: { 11: true } });
    expect(payload).toMatchObject({ slug: 'sales', owners: [5], css: '', position_json: '{"ROOT_ID":{}}', last_modified_time: 1700000000.5 });
    // Spec §5: certification details only with a certifier.
    expect(payload.certification_details).toBeNull();
  });

  it('keeps a refresh frequency chosen in edit mode, and titles an empty title', () => {
    const payload = buildSavePayload({ ...base, shouldPersistRefreshFrequency: true, info: { ...info, dashboard_title: ' ' }, lastModifiedTime: null });
    expect(JSON.parse(payload.json_metadata!).refresh_frequency).toBe(60);
    expect(payload.dashboard_title).toBe('[ untitled dashboard ]');
    expect(payload).not.toHaveProperty('last_modified_time');
  });
});

describe('changedFields', () => {
  it('lists what the save would overwrite, ignoring JSON formatting', () => {
    const stored = { dashboard_title: 'Sales (theirs)', slug: 'sales', css: '', position_json: '{ "ROOT_ID": {} }', json_metadata: '{}' };
    const payload = buildSavePayload(base);
    expect(changedFields(stored, payload)).toEqual(['Title', 'JSON metadata']);
  });
});
