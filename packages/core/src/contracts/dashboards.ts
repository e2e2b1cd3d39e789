import { z } from 'zod';
import type { UserRef } from './sqllabState.js';

/** Dashboards: what the chart save modal and the chart list need (facts §2.5; the full editor comes later). */

export const UNTITLED_DASHBOARD = '[ untitled dashboard ]';

const intId = z.preprocess((v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v), z.number().int().positive());

const jsonText = z
  .string()
  .nullish()
  .refine((v) => {
    if (v === null || v === undefined || v === '') return true;
    try {
      JSON.parse(v);
      return true;
    } catch {
      return false;
    }
  }, 'JSON not valid');

export const dashboardCreateSchema = z.object({
  dashboard_title: z.string().max(500, 'Length must be between 0 and 500.').nullish(),
  slug: z.string().max(255, 'Length must be between 1 and 255.').nullish(),
  owners: z.array(intId).optional(),
  roles: z.array(intId).optional(),
  position_json: jsonText,
  css: z.string().nullish(),
  json_metadata: jsonText,
  published: z.boolean().nullish(),
  certified_by: z.string().nullish(),
  certification_details: z.string().nullish(),
  is_managed_externally: z.boolean().nullish(),
  external_url: z.string().nullish(),
});
export type DashboardCreate = z.infer<typeof dashboardCreateSchema>;

export interface DashboardShow {
  id: number;
  uuid: string;
  slug: string | null;
  url: string;
  dashboard_title: string;
  thumbnail_url: string | null;
  published: boolean;
  css: string | null;
  json_metadata: string | null;
  position_json: string | null;
  certified_by: string | null;
  certification_details: string | null;
  changed_by_name: string;
  changed_by: UserRef | null;
  changed_on: string;
  changed_on_delta_humanized: string;
  created_by: UserRef | null;
  created_on_delta_humanized: string;
  charts: string[];
  owners: UserRef[];
  roles: { id: number; name: string }[];
  tags: { id: number; name: string; type: number }[];
  is_managed_externally: boolean;
}

export interface DashboardListItem extends Omit<DashboardShow, 'charts' | 'css' | 'json_metadata' | 'position_json' | 'created_on_delta_humanized'> {
  changed_on_utc: string;
  created_on_delta_humanized: string;
  status: 'published' | 'draft';
}
