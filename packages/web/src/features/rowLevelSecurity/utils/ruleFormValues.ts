import type { RlsCreate, RlsFilterType, RlsShow } from '@tessera/core';

/** The modal's fields (antd Form values). Empty texts are sent as null where the API allows it. */
export interface RuleFormValues {
  name: string;
  filter_type: RlsFilterType;
  tables: number[];
  roles: number[];
  group_key: string;
  clause: string;
  description: string;
}

export const RULE_FIELDS = ['name', 'filter_type', 'tables', 'roles', 'group_key', 'clause', 'description'] as const;

export const newRuleValues = (): RuleFormValues => ({ name: '', filter_type: 'Regular', tables: [], roles: [], group_key: '', clause: '', description: '' });

export function ruleFormValues(rule: RlsShow): RuleFormValues {
  return {
    name: rule.name,
    filter_type: rule.filter_type,
    tables: rule.tables.map((t) => t.id),
    roles: rule.roles.map((r) => r.id),
    group_key: rule.group_key ?? '',
    clause: rule.clause,
    description: rule.description ?? '',
  };
}

/** The body of POST and PUT (every field: an edit replaces the rule's datasets and roles as the modal shows them). */
export function ruleBody(values: RuleFormValues): RlsCreate {
  return {
    name: values.name.trim(),
    filter_type: values.filter_type,
    tables: values.tables,
    roles: values.roles,
    group_key: values.group_key.trim() || null,
    clause: values.clause,
    description: values.description.trim() || null,
  };
}

/** A dataset as the tables picker names it: schema-qualified, as the server's related answer does. */
export const tableLabel = (t: { schema: string | null; table_name: string }) => (t.schema ? `${t.schema}.${t.table_name}` : t.table_name);
