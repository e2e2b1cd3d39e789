import { INVALID_URI_MESSAGE, PASSWORD_MASK, type DatabaseParameters, type Engine } from '@tessera/core';
import { badRequest, catalogueError, unprocessable } from '../../app/httpErrors.js';
import { InvalidUriError, connectorForEngine, specFromParameters, specFromUri } from '../../connectors/registry.js';
import type { ConnectionSpec } from '../../connectors/types.js';

/** The connection part of a create/update/test request. */
export interface ConnectionInput {
  sqlalchemy_uri?: string | null | undefined;
  engine?: Engine | null | undefined;
  parameters?: DatabaseParameters | null | undefined;
  configuration_method?: 'sqlalchemy_form' | 'dynamic_form' | undefined;
}

/** True when the request says anything about where to connect (an update may only change settings). */
export function hasConnection(input: ConnectionInput): boolean {
  return Boolean(input.sqlalchemy_uri) || Boolean(input.parameters && input.engine);
}

/**
 * The connection a request describes: from `parameters` when the dynamic form is used (Superset builds
 * the URI from them and ignores any URI sent alongside), else from `sqlalchemy_uri`. A password equal to
 * the mask means "the stored one" when `stored` is the same database's current connection.
 */
export function specFromInput(input: ConnectionInput, stored: ConnectionSpec | null): ConnectionSpec {
  let spec: ConnectionSpec;
  const useParameters = input.configuration_method === 'dynamic_form' || (!input.sqlalchemy_uri && input.parameters);
  if (useParameters) {
    if (!input.engine) throw badRequest({ engine: ['Missing data for required field.'] });
    const built = specFromParameters(input.engine, input.parameters ?? {});
    const engineName = connectorForEngine(input.engine).name;
    if (built.missing.length > 0) {
      throw catalogueError(422, 'CONNECTION_MISSING_PARAMETERS_ERROR', `One or more parameters are missing: ${built.missing.join(', ')}`, {
        missing: built.missing,
        engine_name: engineName,
      });
    }
    if (built.invalidPort) {
      throw catalogueError(422, 'CONNECTION_INVALID_PORT_ERROR', 'The port must be an integer between 0 and 65535 (inclusive).', {
        invalid: ['port'],
        engine_name: engineName,
      });
    }
    spec = built.spec;
  } else if (input.sqlalchemy_uri) {
    try {
      spec = specFromUri(input.sqlalchemy_uri);
    } catch (err) {
      if (err instanceof InvalidUriError) {
        throw err.reason === 'invalid'
          ? badRequest({ sqlalchemy_uri: [INVALID_URI_MESSAGE] })
          : unprocessable({ sqlalchemy_uri: [err.message] });
      }
      throw err;
    }
  } else {
    throw badRequest({ sqlalchemy_uri: ['Missing data for required field.'] });
  }
  if (spec.password === PASSWORD_MASK && stored) spec = { ...spec, password: stored.password };
  return spec;
}
