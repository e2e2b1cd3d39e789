import type { SqlDialect } from '@tessera/core';
import type { ConnectorCapabilities } from './types.js';

/** The compiler's view of a connector (core's SqlDialect), built from its declared capabilities. */
export function sqlDialectOf(name: string, caps: ConnectorCapabilities, allowAdhocSubquery = false, disallowedFunctions: readonly string[] = []): SqlDialect {
  return {
    name,
    identifierQuote: caps.identifierQuote,
    stringEscape: caps.stringEscape,
    limitStyle: caps.limitStyle,
    timeGrainExpressions: caps.timeGrainExpressions,
    timestampLiteral: caps.timestampLiteral,
    ...(caps.dateLiteral ? { dateLiteral: caps.dateLiteral } : {}),
    supportsIlike: caps.supportsIlike,
    supportsBooleanLiterals: caps.supportsBooleanLiterals,
    allowAdhocSubquery,
    disallowedFunctions,
  };
}
