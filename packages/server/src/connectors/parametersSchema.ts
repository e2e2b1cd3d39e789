/**
 * JSON schemas of the dynamic form (`GET /api/v1/database/available/` → `parameters`), in Superset's
 * shape so its DatabaseModal-style forms render them unchanged.
 */
export const NETWORK_PARAMETERS_SCHEMA: Record<string, unknown> = {
  type: 'object',
  properties: {
    host: { type: 'string', description: 'Hostname or IP address' },
    port: { type: 'integer', description: 'Database port', minimum: 0, maximum: 65535 },
    database: { type: 'string', description: 'Database name' },
    username: { type: 'string', nullable: true, description: 'Username' },
    password: { type: 'string', nullable: true, description: 'Password' },
    query: { type: 'object', additionalProperties: {}, description: 'Additional parameters' },
    encryption: { type: 'boolean', description: 'Use an encrypted connection to the database' },
  },
  required: ['database', 'host', 'port', 'username'],
};

export const NETWORK_REQUIRED_PARAMETERS = ['host', 'port', 'username', 'database'] as const;

export const FILE_PARAMETERS_SCHEMA: Record<string, unknown> = {
  type: 'object',
  properties: {
    database: { type: 'string', description: 'Path of the database file on the server (or :memory:)' },
  },
  required: ['database'],
};
