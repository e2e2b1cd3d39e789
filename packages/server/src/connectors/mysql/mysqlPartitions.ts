import { splitTopLevel, unquoteLiteral } from '../sql/tableExtra.js';

/** One partition as information_schema.PARTITIONS lists it (subpartitions folded into their partition). */
export interface MysqlPartition {
  name: string;
  /** `RANGE`, `RANGE COLUMNS`, `LIST`, `LIST COLUMNS`, `HASH`, `LINEAR KEY`, `SYSTEM_TIME` ... */
  method: string;
  /** Backquoted as the server prints it: ``year(`created`)``, `` `a`,`b` ``. */
  expression: string;
  /** `VALUES LESS THAN` / `VALUES IN` text: `2025`, `'2024-01-01',10`, `MAXVALUE`; null for hash and key. */
  description: string | null;
}

const QUOTED = /`((?:[^`]|``)*)`/g;
const unbacktick = (text: string) => text.replace(QUOTED, (_m, name: string) => name.replace(/``/g, '`'));

/** Columns named in a partition expression: ``year(`created`)`` -> `['created']`. */
export function partitionColumns(expression: string): string[] {
  const names = [...expression.matchAll(QUOTED)].map((m) => m[1]!.replace(/``/g, '`'));
  return [...new Set(names)];
}

const valuesOf = (description: string) => splitTopLevel(description).map(unquoteLiteral);
const tuple = (values: string[]) => (values.length === 1 ? values[0]! : `(${values.join(', ')})`);

/**
 * The last partition (MySQL keeps range partitions in ascending order) as key -> value text:
 * `year(created)=from 2024 to 2025`, `created, id=less than (2024-01-01, 10)`, `region=in (eu, us)`.
 * Null when the method has no order (hash, key) or nothing is partitioned.
 */
export function latestMysqlPartition(partitions: readonly MysqlPartition[]): Record<string, string> | null {
  const last = partitions[partitions.length - 1];
  if (!last || last.description === null) return null;
  const key = splitTopLevel(last.expression).map(unbacktick).join(', ');
  if (last.method.startsWith('RANGE')) {
    const previous = partitions[partitions.length - 2]?.description;
    const upper = tuple(valuesOf(last.description));
    return { [key]: previous ? `from ${tuple(valuesOf(previous))} to ${upper}` : `less than ${upper}` };
  }
  if (last.method.startsWith('LIST')) return { [key]: `in (${valuesOf(last.description).join(', ')})` };
  return null;
}
