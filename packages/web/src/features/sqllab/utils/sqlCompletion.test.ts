import { CompletionContext, type CompletionResult } from '@codemirror/autocomplete';
import { EditorState } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import { buildCompletionIndex, indexCompletionSource, tableAliases } from './sqlCompletion';

const index = buildCompletionIndex({
  functions: ['count', 'sum'],
  schemas: ['main', 'staging'],
  schema: 'main',
  tables: ['flights', 'airports', 'flight_delays'],
  columns: [
    { name: 'origin', table: 'flights', type: 'VARCHAR' },
    { name: 'dep_delay', table: 'flights', type: 'INTEGER' },
    { name: 'iata', table: 'airports', type: 'VARCHAR' },
    { name: 'name', table: 'airports', type: 'VARCHAR' },
  ],
});

/** Completion labels at the end of `doc`, as the editor would ask. */
async function complete(doc: string): Promise<string[] | null> {
  const state = EditorState.create({ doc });
  const result = (await indexCompletionSource(() => index)(new CompletionContext(state, doc.length, false))) as CompletionResult | null;
  return result ? result.options.map((o) => o.label) : null;
}

describe('qualified completions', () => {
  it('offers only the columns of a table after "table."', async () => {
    expect(await complete('SELECT flights.')).toEqual(['dep_delay', 'origin']);
    expect(await complete('SELECT airports.na')).toEqual(['name']);
  });

  it('resolves aliases from FROM and JOIN', async () => {
    // Without its FROM clause, `f` names nothing: no guesses.
    expect(await complete('SELECT f.')).toBeNull();
    const sql = 'SELECT a.';
    const state = EditorState.create({ doc: `${sql} FROM flights f JOIN airports AS a ON a.iata = f.origin` });
    const result = (await indexCompletionSource(() => index)(new CompletionContext(state, sql.length, false))) as CompletionResult;
    expect(result.options.map((o) => o.label)).toEqual(['iata', 'name']);
  });

  it('offers the tables of a schema after "schema."', async () => {
    expect(await complete('SELECT * FROM main.fli')).toEqual(['flight_delays', 'flights']);
  });

  it('offers everything for a bare word', async () => {
    expect(await complete('SELECT fl')).toEqual(['flight_delays', 'flights']);
  });

  it('reads aliases but not keywords', () => {
    expect([...tableAliases('select * from main.flights f left join airports on 1=1 where x')]).toEqual([['f', 'flights']]);
  });
});
