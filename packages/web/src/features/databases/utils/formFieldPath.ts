import type { ConfigurationMethod } from './databaseFormValues';

const PARAMETER_KEYS = ['host', 'port', 'database', 'username', 'password'];

/** Form fields shown for each configuration method (server field errors can only be shown on these). */
export function visibleFields(method: ConfigurationMethod, fileBased: boolean): string[] {
  if (method === 'sqlalchemy_form') return ['database_name', 'sqlalchemy_uri', 'cache_timeout'];
  const params = fileBased ? ['parameters.database'] : PARAMETER_KEYS.map((key) => `parameters.${key}`);
  return ['database_name', 'cache_timeout', ...params];
}

/** The form field of a server error path (`host` and `parameters.host` both mean the host field). */
export function formFieldPath(serverPath: string): string {
  return PARAMETER_KEYS.includes(serverPath) ? `parameters.${serverPath}` : serverPath;
}
