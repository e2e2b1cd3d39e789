import type { FormData } from '@tessera/core';
import type { ControlConfig, ControlPanelConfig, ExploreDatasource } from '../../../viz/types';
import { validateControl } from '../../../viz/validators';
import { withDefaultXAxis, withTemporalColumnsLookup } from './temporalColumn';
import { withDefaultTimeColumn, withTemporalRangeFilter } from './temporalFilter';

/** A deep copy that also works on Immer drafts (structuredClone rejects their proxies). */
export const cloneJson = <T>(value: T): T => (value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T));

/** Every control a panel declares, in panel order. */
export function flattenControls(panel: ControlPanelConfig | undefined): ControlConfig[] {
  if (!panel) return [];
  return panel.sections.flatMap((section) => section.controlSetRows.flat());
}

export function controlsByName(controls: ControlConfig[]): Record<string, ControlConfig> {
  return Object.fromEntries(controls.map((control) => [control.name, control]));
}

/**
 * A control's starting value: what it derives from the other values (`defaultFrom`), else its default, else an
 * empty list for multi / list controls, else null.
 */
export function defaultValueOf(control: ControlConfig, formData?: FormData): unknown {
  if (control.defaultFrom && formData) return control.defaultFrom(formData);
  if (control.default !== undefined) return cloneJson(control.default);
  if (control.multi || LIST_CONTROLS.has(control.type)) return [];
  if (control.type === 'CheckboxControl') return false;
  return null;
}

/** Control kinds whose value is a list. */
export const LIST_CONTROLS = new Set<ControlConfig['type']>(['MetricsControl', 'GroupByControl', 'AdhocFilterControl', 'AnnotationLayerControl', 'TimeShiftControl', 'ConditionalFormattingControl']);

/** Form data with every control's default filled in where the value is missing. */
export function withDefaults(formData: FormData, controls: ControlConfig[]): FormData {
  const next: FormData = { ...formData };
  for (const control of controls) {
    if (next[control.name] === undefined) next[control.name] = defaultValueOf(control, formData);
  }
  return next;
}

/**
 * Form data as a chart opens: defaults filled in, an empty x-axis and an empty Time column set to the dataset's
 * time column, and, for a chart without a Time range control, its range as a TEMPORAL_RANGE filter (a new chart
 * starts with `<time column> (No filter)`, as Superset's do).
 */
export function initialFormData(formData: FormData, controls: ControlConfig[], datasource: ExploreDatasource | null | undefined): FormData {
  // Before the defaults: a filter control still unset is what marks a new chart.
  const withRange = withTemporalRangeFilter(formData, controls, datasource);
  const filled = withDefaultTimeColumn(withDefaultXAxis(withDefaults(withRange, controls), controls, datasource), controls, datasource);
  return withTemporalColumnsLookup(filled, controls, datasource);
}

export const isControlVisible = (control: ControlConfig, formData: FormData, datasource?: ExploreDatasource | null) =>
  control.visibility ? control.visibility(formData, datasource) : true;

/**
 * Validation errors per control name (spec §5). Hidden controls are skipped: their values are stashed, not sent
 * to the user for correction.
 */
export function validateFormData(formData: FormData, controls: ControlConfig[], datasource?: ExploreDatasource | null): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const control of controls) {
    // A hidden control cannot be fixed by the user, so it never blocks a run.
    if (!isControlVisible(control, formData, datasource)) continue;
    const found = [...validateControl(control.validators, formData[control.name]), ...(control.externalValidation?.(formData) ?? [])];
    if (found.length > 0) errors[control.name] = found;
  }
  return errors;
}

/**
 * A control's error as a sentence: validator messages are fragments to follow the label ('cannot be empty'),
 * cross-control messages and 'Value cannot exceed %s' are sentences of their own.
 */
export const errorSentence = (label: string, message: string): string => (/^[a-z]/.test(message) ? `${label} ${message}` : message);

/**
 * The run button's tooltip lines, as Superset words them: one line per distinct message with every control
 * it concerns ('Controls labeled Dimensions, Metrics: Group By, Metrics or ... must have a value').
 */
export function describeErrors(errors: Record<string, string[]>, controls: ControlConfig[]): string[] {
  const byName = controlsByName(controls);
  const labelsByMessage = new Map<string, string[]>();
  for (const [name, list] of Object.entries(errors)) {
    for (const message of list) {
      const labels = labelsByMessage.get(message) ?? [];
      labels.push(byName[name]?.label ?? name);
      labelsByMessage.set(message, labels);
    }
  }
  return [...labelsByMessage].map(([message, labels]) => `${labels.length > 1 ? 'Controls labeled' : 'Control labeled'} ${labels.join(', ')}: ${message}`);
}
