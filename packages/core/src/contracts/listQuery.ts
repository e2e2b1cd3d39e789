import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../constants/index.js';

/** One filter of a FAB list query: `(col:x,opr:eq,value:y)`. */
export const listFilterSchema = z.object({
  col: z.string(),
  opr: z.string(),
  value: z.unknown(),
});
export type ListFilter = z.infer<typeof listFilterSchema>;

/** The decoded rison `q` of every `GET /api/v1/<resource>/` list (facts §2.0). */
export const listQuerySchema = z.object({
  filters: z.array(listFilterSchema).default([]),
  order_column: z.string().optional(),
  order_direction: z.enum(['asc', 'desc']).default('asc'),
  page: z.number().int().min(0).default(0),
  /**
   * FAB's _sanitize_page_args: 0 means the default size, anything above the maximum (or below -1) the maximum,
   * so a script asking for a big page gets a full page, not an error. -1 asks for every row.
   */
  page_size: z
    .number()
    .int()
    .default(DEFAULT_PAGE_SIZE)
    .transform((n) => (n === -1 ? -1 : n === 0 ? DEFAULT_PAGE_SIZE : n < 1 || n > MAX_PAGE_SIZE ? MAX_PAGE_SIZE : n)),
  columns: z.array(z.string()).optional(),
  keys: z.array(z.string()).optional(),
  select_columns: z.array(z.string()).optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

export interface ListResponse<T> {
  count: number;
  ids: number[];
  result: T[];
  description_columns: Record<string, string>;
  label_columns: Record<string, string>;
  list_columns: string[];
  list_title: string;
  order_columns: string[];
}

export interface ShowResponse<T> {
  id: number;
  result: T;
  description_columns: Record<string, string>;
  label_columns: Record<string, string>;
  show_columns: string[];
  show_title: string;
}
