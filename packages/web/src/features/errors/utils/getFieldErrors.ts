import { getClientErrorObject } from './getClientErrorObject';

/**
 * Flattens a 422 `{message: {field: [msgs]}}` body into `{path: msgs}`; nested objects
 * (e.g. `{parameters: {host: [...]}}`) become dotted paths (`parameters.host`).
 */
export function getFieldErrors(err: unknown): Record<string, string[]> {
  const fieldErrors = getClientErrorObject(err).fieldErrors;
  const out: Record<string, string[]> = {};
  const visit = (value: unknown, path: string) => {
    if (typeof value === 'string') out[path] = [...(out[path] ?? []), value];
    else if (Array.isArray(value)) value.forEach((item) => visit(item, path));
    else if (typeof value === 'object' && value !== null) {
      for (const [key, inner] of Object.entries(value)) visit(inner, path ? `${path}.${key}` : key);
    }
  };
  if (fieldErrors) visit(fieldErrors, '');
  return out;
}
