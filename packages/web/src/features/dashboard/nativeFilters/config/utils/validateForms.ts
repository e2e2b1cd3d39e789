import { validateNativeFilterConfig, type DashboardLayout, type NativeFilterErrors } from '@tessera/core';
import { formToConfig, type ConfigItemForm } from './filterForm';

/** Form fields that can hold an error; each is focusable by `fieldId(filterId, field)`. */
export type ConfigField = 'name' | 'title' | 'dataset' | 'column' | 'defaultValue' | 'parents';

export type FieldErrors = Partial<Record<ConfigField, string>>;

/** Superset's messages for the config form's rules. */
export const CONFIG_MESSAGES = {
  nameRequired: 'Name is required',
  titleRequired: 'Title is required',
  datasetRequired: 'Dataset is required',
  columnRequired: 'Column is required',
  defaultValueRequired: 'Please choose a valid value',
  cyclicHierarchy: 'Cannot create cyclic hierarchy',
} as const;

/** Fields in the order they appear on the form: the first one in error gets the focus. */
export const FIELD_ORDER: readonly ConfigField[] = ['name', 'title', 'dataset', 'column', 'parents', 'defaultValue'];

/** The DOM id of a form field, so that save can focus the first one in error. */
export const fieldId = (filterId: string, field: ConfigField) => `native-filter-${filterId}-${field}`;

/** Core's field keys (the server's checks, validateNativeFilterConfig) as the form's fields. */
const CORE_FIELDS: Record<string, ConfigField> = {
  name: 'name',
  title: 'title',
  dataset: 'dataset',
  column: 'column',
  defaultDataMask: 'defaultValue',
  parentFilter: 'parents',
};

/** Core's (or the server's) errors by filter id as the form's field errors. */
export function formFieldErrors(errors: NativeFilterErrors): Record<string, FieldErrors> {
  const result: Record<string, FieldErrors> = {};
  for (const [id, fields] of Object.entries(errors)) {
    const mapped: FieldErrors = {};
    for (const [key, message] of Object.entries(fields)) {
      const field = CORE_FIELDS[key];
      if (field && !mapped[field]) mapped[field] = message;
    }
    if (Object.keys(mapped).length > 0) result[id] = mapped;
  }
  return result;
}

const isEmptyValue = (value: unknown) => value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

// The checks read targets, names and parents only: no layout is needed for the scope.
const NO_LAYOUT: DashboardLayout = {};

/**
 * Field errors of every filter and divider that will be saved, by id (those without errors are absent): core's
 * checks (the same the server runs: names, dataset and column, range bounds, parents and cycles through any of the
 * kept filters) plus the form's own, a checked "Filter has default value" without a value.
 */
export function validateForms(items: readonly ConfigItemForm[]): Record<string, FieldErrors> {
  const coreErrors = formFieldErrors(validateNativeFilterConfig(items.map((item) => formToConfig(item, NO_LAYOUT))));
  const result: Record<string, FieldErrors> = {};
  for (const item of items) {
    const errors: FieldErrors = { ...coreErrors[item.id] };
    if (item.kind === 'filter' && item.hasDefaultValue && !errors.defaultValue && isEmptyValue(item.defaultDataMask.filterState.value)) {
      errors.defaultValue = CONFIG_MESSAGES.defaultValueRequired;
    }
    if (Object.keys(errors).length > 0) result[item.id] = errors;
  }
  return result;
}

/** The first item (in list order) with an error, and its first field in error. */
export function firstError(order: readonly string[], errors: Record<string, FieldErrors>): { id: string; field: ConfigField } | null {
  for (const id of order) {
    const fields = errors[id];
    if (!fields) continue;
    const field = FIELD_ORDER.find((f) => fields[f]);
    if (field) return { id, field };
  }
  return null;
}
