/** The schema users of each engine expect first; MySQL's is the connection's database, so only a lone schema counts there. */
const USUAL: Record<string, string> = { duckdb: 'main', sqlite: 'main', postgresql: 'public', postgres: 'public' };

/** The schema to preselect for a database, or null to leave the choice to the user. */
export function defaultSchemaOf(backend: string | undefined, schemas: readonly string[]): string | null {
  const usual = USUAL[(backend ?? '').toLowerCase()];
  if (usual && schemas.includes(usual)) return usual;
  return schemas.length === 1 ? schemas[0]! : null;
}
