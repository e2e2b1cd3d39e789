/**
 * One generated example table. `sql` is a SELECT whose result becomes the table; it
 * must be deterministic (hash-seeded, no `random()`), so `rowCount` is a fixed number
 * that doubles as the completeness check at start-up.
 */
export interface ExampleTable {
  readonly name: string;
  readonly rowCount: number;
  readonly sql: string;
}
