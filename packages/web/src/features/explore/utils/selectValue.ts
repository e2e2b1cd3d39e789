import type { ControlConfig } from '../../../viz/types';

type Choice = string | number | null;

/** Spec §5 / §9: separators of pasted text in multi-selects. */
export const PASTE_SEPARATORS = /[,\n\t;]+/;

/** Pasted text split into distinct non-empty options. */
export function splitPastedText(text: string): string[] {
  const parts = text
    .split(PASTE_SEPARATORS)
    .map((part) => part.trim())
    .filter((part) => part !== '');
  return [...new Set(parts)];
}

const choiceValues = (control: ControlConfig): Choice[] | null => (control.choices ? control.choices.map(([value]) => value) : null);

/** Loose equality so '10' from a URL matches the choice 10. */
const sameChoice = (a: unknown, b: Choice) => a === b || (a !== null && b !== null && String(a) === String(b));

/**
 * Spec §5 select rules: values not among the choices are dropped (unless new options may be typed); a single
 * select keeps one value or null; a multi select always holds a list.
 */
export function standardizeSelectValue(control: ControlConfig, value: unknown): unknown {
  const choices = choiceValues(control);
  const allowed = (item: unknown) => control.freeForm || !choices || choices.some((choice) => sameChoice(item, choice));
  const canonical = (item: unknown) => (choices?.find((choice) => sameChoice(item, choice)) ?? item) as unknown;

  if (control.multi) {
    const list = value === null || value === undefined || value === '' ? [] : Array.isArray(value) ? value : [value];
    return list.filter(allowed).map(canonical);
  }
  const single = Array.isArray(value) ? value[0] : value;
  if (single === undefined || single === null || single === '') return null;
  return allowed(single) ? canonical(single) : null;
}

/** Adds typed text as a new option unless one with that value already exists (spec §5 creatable dropdowns). */
export function withCreatedOption(options: { value: Choice; label: string }[], typed: string): { value: Choice; label: string }[] {
  const text = typed.trim();
  if (!text || options.some((option) => String(option.value) === text)) return options;
  return [...options, { value: text, label: text }];
}
