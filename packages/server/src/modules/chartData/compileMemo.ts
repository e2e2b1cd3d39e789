import type { CompiledQuery, DatasourceDescriptor, QueryObject, SqlDialect } from '@tessera/core';
import { deepFreeze } from './deepFreeze.js';

/**
 * A second "now" far from any real one in every unit (a year, a day, an hour, a minute, a second and a
 * millisecond away), so a query whose SQL depends on the clock in any way compiles differently at it.
 */
const PROBE_SHIFT_MS = ((366 * 24 + 1) * 60 + 1) * 60_000 + 1_001;

interface Entry {
  descriptor: DatasourceDescriptor;
  dialect: SqlDialect;
  limits: string;
  /**
   * The compiled query, null when its SQL depends on the clock (relative time ranges: compiled per
   * request), undefined until it is seen a second time (a datasource made per request never comes back,
   * so it never pays for the check).
   */
  compiled: CompiledQuery | null | undefined;
}

const sameCompiled = (a: CompiledQuery, b: CompiledQuery) => a.sql === b.sql && a.fromDttm === b.fromDttm && a.toDttm === b.toDttm;

/**
 * Compiled queries kept per parsed query object. A dashboard refresh sends the same query contexts again,
 * and the request parser hands back the same frozen query objects for the same body, so a query whose
 * SQL does not depend on the clock is compiled once per dataset version instead of on every request
 * (compiling costs about as much as all the rest of the request's own work). Whether it depends on
 * the clock is found on second sight by compiling it at a second "now": identical output means it cannot.
 * Entries live as long as their query object; a dataset edit brings a new descriptor and a recompile.
 */
export class CompileMemo {
  private readonly entries = new WeakMap<QueryObject, Entry>();

  compile(
    query: QueryObject,
    descriptor: DatasourceDescriptor,
    dialect: SqlDialect,
    limits: string,
    now: Date,
    compileAt: (now: Date) => CompiledQuery,
  ): CompiledQuery {
    // Queries built per request (samples, drill, offsets) are not frozen and never come back.
    if (!Object.isFrozen(query)) return compileAt(now);
    const known = this.entries.get(query);
    const same = known !== undefined && known.descriptor === descriptor && known.dialect === dialect && known.limits === limits;
    if (!same) {
      this.entries.set(query, { descriptor, dialect, limits, compiled: undefined });
      return compileAt(now);
    }
    if (known.compiled !== undefined) return known.compiled ?? compileAt(now);
    const compiled = compileAt(now);
    let probe: CompiledQuery | null = null;
    try {
      probe = compileAt(new Date(now.getTime() - PROBE_SHIFT_MS));
    } catch {
      // Fails only at the other "now": the clock matters, so it is compiled per request.
    }
    const clockFree = probe !== null && sameCompiled(compiled, probe);
    known.compiled = clockFree ? deepFreeze(compiled) : null;
    return compiled;
  }
}
