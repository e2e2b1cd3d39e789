import { analyzeSql } from '../analyzeSql.js';
import { sqlEngineRules } from '../sqlEngineRules.js';
import { asciiLower } from '../sqlNames.js';
import { tableAccessRefusal, type TableAccessRefusal } from '../tableAccessRefusal.js';

/** The schema unqualified names resolve to on each engine in the tests (MySQL: the connection's database). */
const DEFAULT_SCHEMA: Record<string, string | null> = { duckdb: 'main', postgresql: 'public', sqlite: 'main', mysql: null };

/**
 * What the table-level rule answers a user granted only the `birth_names` table (a dataset on it) in the default
 * schema: the server's guard makes the same decision with the user's real grants.
 */
export function refusalForBirthNamesUser(engine: string, sql: string): TableAccessRefusal | null {
  const rules = sqlEngineRules(engine);
  const fold = (name: string) => (rules.identifierCase === 'insensitive' ? asciiLower(name) : name);
  const schema = DEFAULT_SCHEMA[engine] ?? null;
  return tableAccessRefusal(analyzeSql(sql, rules), (ref) => {
    const refSchema = ref.schema ?? schema;
    return fold(ref.table) === 'birth_names' && (refSchema === null || schema === null ? refSchema === schema : fold(refSchema) === fold(schema));
  });
}
