import { ApiError, errorsResponse } from '../../app/httpErrors.js';
import { CONNECTION_ERROR_TYPES, ConnectorError } from '../../connectors/connectorError.js';

/**
 * A connector failure as an HTTP answer in the catalogue shape: connection problems are 422 (as Superset's
 * test_connection), missing objects 404, other engine errors 400 (SupersetGenericDBErrorException).
 * Anything else is returned unchanged, so real bugs still reach the global handler as 500s.
 */
export function connectorHttpError(err: unknown): unknown {
  if (err instanceof ApiError || !(err instanceof ConnectorError)) return err;
  const status = CONNECTION_ERROR_TYPES.has(err.errorType)
    ? 422
    : err.errorType === 'TABLE_DOES_NOT_EXIST_ERROR' || err.errorType === 'SCHEMA_DOES_NOT_EXIST_ERROR'
      ? 404
      : 400;
  return errorsResponse(status, [err.toEntry()]);
}
