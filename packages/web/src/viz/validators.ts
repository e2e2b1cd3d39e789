import type { ControlValidator } from './types';

/** Spec §5 validator messages, exactly. */
export const VALIDATION_MESSAGES = {
  nonEmpty: 'cannot be empty',
  integer: 'is expected to be an integer',
  number: 'is expected to be a number',
  maxValue: 'Value cannot exceed %s',
  /** Not in the spec's list: its wording follows 'Value cannot exceed %s' (row and series limits are positive, §5). */
  minValue: 'Value must be at least %s',
  json: 'Found invalid orderby options',
} as const;

/** No value: null, undefined, '' or an empty list (what `nonEmpty` refuses). */
export const isEmpty = (v: unknown): boolean => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

/** The error text for one validator, or null. Empty values only fail `nonEmpty` (other checks skip them). */
export function runValidator(validator: ControlValidator, value: unknown): string | null {
  switch (validator.type) {
    case 'nonEmpty':
      return isEmpty(value) ? VALIDATION_MESSAGES.nonEmpty : null;
    case 'integer':
      if (isEmpty(value)) return null;
      return /^-?\d+$/.test(String(value).trim()) ? null : VALIDATION_MESSAGES.integer;
    case 'number':
      if (isEmpty(value)) return null;
      return Number.isFinite(Number(String(value).trim())) ? null : VALIDATION_MESSAGES.number;
    case 'maxValue':
      if (isEmpty(value)) return null;
      return Number(value) > validator.max ? VALIDATION_MESSAGES.maxValue.replace('%s', String(validator.max)) : null;
    case 'minValue':
      if (isEmpty(value) || !Number.isFinite(Number(value))) return null;
      return Number(value) < validator.min ? VALIDATION_MESSAGES.minValue.replace('%s', String(validator.min)) : null;
    case 'json': {
      if (isEmpty(value)) return null;
      // A list (ordering) holds one JSON text per entry; each must parse.
      const texts = (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string');
      try {
        for (const text of texts) JSON.parse(text);
        return null;
      } catch {
        return VALIDATION_MESSAGES.json;
      }
    }
  }
}

/** Every error of a control's validators, in declaration order. */
export function validateControl(validators: ControlValidator[] | undefined, value: unknown): string[] {
  return (validators ?? []).map((v) => runValidator(v, value)).filter((e): e is string => e !== null);
}
