import { describe, expect, it } from 'vitest';
import { DateDay, Field, Int32, makeData, RecordBatch, Schema, Struct, Table, tableFromIPC, tableToIPC, TimestampMicrosecond } from 'apache-arrow';
import { fromArrowTable, toRecords } from './columnarResult';
import { sortPermutation } from './sortPermutation';

/** An Arrow stream like the server's for DuckDB DATE / TIMESTAMP columns: day and microsecond counts. */
function temporalTable(): Table {
  const micros = BigInt64Array.of(1546300800000000n, -1n, 0n, 1546300800123450n);
  const days = Int32Array.of(17897, -25509, 0, 17897);
  const valid = Uint8Array.of(0b1011); // row 2 is null
  const fields = [
    new Field('ts', new TimestampMicrosecond(), true),
    new Field('dt', new DateDay(), true),
    new Field('n', new Int32(), true),
  ];
  const children = [
    makeData({ type: new TimestampMicrosecond(), length: 4, nullBitmap: valid, data: micros }),
    makeData({ type: new DateDay(), length: 4, nullBitmap: valid, data: days }),
    makeData({ type: new Int32(), length: 4, nullCount: 0, data: Int32Array.of(4, 3, 2, 1) }),
  ];
  const schema = new Schema(fields);
  const struct = makeData({ type: new Struct(fields), length: 4, nullCount: 0, children });
  // Through IPC bytes, as the browser receives it.
  return tableFromIPC(tableToIPC(new Table(schema, [new RecordBatch(schema, struct)]), 'stream'));
}

describe('fromArrowTable', () => {
  it('shows day and microsecond columns as the engine prints them, never shifted by the time zone', () => {
    const result = fromArrowTable(temporalTable());
    expect(toRecords(result)).toEqual([
      { ts: '2019-01-01 00:00:00', dt: '2019-01-01', n: 4 },
      { ts: '1969-12-31 23:59:59.999999', dt: '1900-02-28', n: 3 },
      { ts: null, dt: null, n: 2 },
      { ts: '2019-01-01 00:00:00.12345', dt: '2019-01-01', n: 1 },
    ]);
  });

  it('sorts temporal columns by time with nulls last', () => {
    const result = fromArrowTable(temporalTable());
    expect(Array.from(sortPermutation(result.columns[0]!, 4, 'asc'))).toEqual([1, 0, 3, 2]);
    expect(Array.from(sortPermutation(result.columns[0]!, 4, 'desc'))).toEqual([3, 0, 1, 2]);
    expect(Array.from(sortPermutation(result.columns[1]!, 4, 'asc'))).toEqual([1, 0, 3, 2]);
  });
});
