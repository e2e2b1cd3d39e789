import { flattenFieldMessages } from './flattenFieldMessages';
import { getClientErrorObject } from './getClientErrorObject';

/**
 * The field messages of a 400/422 `{message: {field: [msgs]}}` body by dotted path: nested objects and list
 * indexes (`{parameters: {host: [...]}}`, `{columns: {0: {...}}}`) become `parameters.host`, `columns.0.x`.
 */
export function getFieldErrors(err: unknown): Record<string, string[]> {
  return flattenFieldMessages(getClientErrorObject(err).fieldErrors);
}
