import { z } from 'zod';
import { MAX_ID } from '../constants/index.js';
import type { UserRef } from './sqllabState.js';

/**
 * Row level security rules (Superset's RowLevelSecurityFilter and `/api/v1/rowlevelsecurity/`). A Regular rule
 * applies to users holding one of its roles; a Base rule applies to everyone except them. Clauses with the same
 * group key are ORed together, groups (and each rule without a key) are ANDed.
 */

export const RLS_FILTER_TYPES = ['Regular', 'Base'] as const;
export type RlsFilterType = (typeof RLS_FILTER_TYPES)[number];

/** Superset's class permission name of the API (`can_read` / `can_write` on it; admins only by default). */
export const RLS_VIEW = 'Row Level Security';

const NAME_LENGTH = 'Length must be between 1 and 255.';
const ruleName = z.string().trim().min(1, NAME_LENGTH).max(255, NAME_LENGTH);
/** Ids the 32-bit id columns can hold: a larger one names nothing (PostgreSQL would refuse the query). */
const ids = z.array(z.number().int().min(0).max(MAX_ID));
/** SQL text of a predicate; blank text would be refused when the rule applies, so it is refused when saved. */
const clause = z.string().refine((s) => s.trim() !== '', 'Shorter than minimum length 1.');

export const rlsCreateSchema = z.object({
  name: ruleName,
  description: z.string().nullish(),
  filter_type: z.enum(RLS_FILTER_TYPES),
  tables: ids.min(1),
  roles: ids,
  group_key: z.string().max(255, 'Longer than maximum length 255.').nullish(),
  clause,
});
export type RlsCreate = z.infer<typeof rlsCreateSchema>;

export const rlsUpdateSchema = z.object({
  name: ruleName.optional(),
  description: z.string().nullish(),
  filter_type: z.enum(RLS_FILTER_TYPES).optional(),
  tables: ids.optional(),
  roles: ids.optional(),
  group_key: z.string().max(255, 'Longer than maximum length 255.').nullish(),
  clause: clause.optional(),
});
export type RlsUpdate = z.infer<typeof rlsUpdateSchema>;

export interface RlsRoleRef {
  id: number;
  name: string;
}

export interface RlsTableRef {
  id: number;
  schema: string | null;
  table_name: string;
}

/** `GET /api/v1/rowlevelsecurity/<pk>`'s result. */
export interface RlsShow {
  id: number;
  name: string;
  description: string | null;
  filter_type: RlsFilterType;
  tables: RlsTableRef[];
  roles: RlsRoleRef[];
  group_key: string | null;
  clause: string;
}

/** One row of `GET /api/v1/rowlevelsecurity/`. */
export interface RlsListItem extends RlsShow {
  changed_on: string;
  changed_on_delta_humanized: string;
  changed_by: UserRef | null;
}

/** What POST and PUT echo (FAB's add/edit schemas): the written fields, tables and roles as ids. */
export interface RlsResult {
  name: string;
  description: string | null;
  filter_type: RlsFilterType;
  tables: number[];
  roles: number[];
  group_key: string | null;
  clause: string;
}

/** Which rules apply to a user holding `userRoles` (role names), Superset's get_rls_filters. */
export function rlsRuleApplies(rule: { filter_type: RlsFilterType; roleNames: readonly string[] }, userRoles: ReadonlySet<string>): boolean {
  const holds = rule.roleNames.some((name) => userRoles.has(name));
  return rule.filter_type === 'Regular' ? holds : !holds;
}

/**
 * Clauses grouped as they combine: one group per group key (its clauses ORed) and one per rule without a key.
 * Groups come out in the order their first clause came in, so equal inputs give equal groups.
 */
export function groupRlsClauses(rules: readonly { group_key: string | null; clause: string }[]): string[][] {
  const keyed = new Map<string, string[]>();
  const groups: string[][] = [];
  for (const rule of rules) {
    // Superset tests the key for truth: an empty key is no key.
    if (!rule.group_key) {
      groups.push([rule.clause]);
      continue;
    }
    let group = keyed.get(rule.group_key);
    if (!group) {
      group = [];
      keyed.set(rule.group_key, group);
      groups.push(group);
    }
    group.push(rule.clause);
  }
  return groups;
}
