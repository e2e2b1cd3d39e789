import { FILTER_OPERATORS, type FilterOperator } from '../contracts/chartData.js';

/**
 * The explorer's filter popover stores both a display operator ('==', 'IN', 'not in' ...) and an operatorId
 * ('EQUALS', 'NOT_IN' ...); older form data may hold only one of them, spelled loosely ('=', '<>').
 * Everything is folded onto the query object vocabulary here.
 */
const OPERATOR_ALIASES: Readonly<Record<string, FilterOperator>> = {
  '=': FILTER_OPERATORS.EQUALS,
  '<>': FILTER_OPERATORS.NOT_EQUALS,
  'TEMPORAL RANGE': FILTER_OPERATORS.TEMPORAL_RANGE,
  'IS_NOT_NULL': FILTER_OPERATORS.IS_NOT_NULL,
  'NOT_IN': FILTER_OPERATORS.NOT_IN,
  'NOT_LIKE': FILTER_OPERATORS.NOT_LIKE,
  'IS_NULL': FILTER_OPERATORS.IS_NULL,
  'IS_TRUE': FILTER_OPERATORS.IS_TRUE,
  'IS_FALSE': FILTER_OPERATORS.IS_FALSE,
  'LATEST_PARTITION': FILTER_OPERATORS.LATEST_PARTITION,
};

const BY_NAME = new Map<string, FilterOperator>(Object.entries(FILTER_OPERATORS) as [string, FilterOperator][]);
const BY_VALUE = new Set<string>(Object.values(FILTER_OPERATORS));

function lookup(raw: unknown): FilterOperator | undefined {
  if (typeof raw !== 'string') return undefined;
  const key = raw.trim().replace(/\s+/g, ' ').toUpperCase();
  if (BY_VALUE.has(key)) return key as FilterOperator;
  return BY_NAME.get(key) ?? OPERATOR_ALIASES[key];
}

/**
 * Resolves a UI operator to a query operator. operatorId wins because it is the more specific of the two
 * (an "is true" filter is stored as operator '==' with operatorId 'IS_TRUE').
 */
export function normalizeFilterOperator(operator: unknown, operatorId?: unknown): FilterOperator | undefined {
  return lookup(operatorId) ?? lookup(operator);
}

export const UNARY_FILTER_OPERATORS: ReadonlySet<FilterOperator> = new Set([
  FILTER_OPERATORS.IS_NULL,
  FILTER_OPERATORS.IS_NOT_NULL,
  FILTER_OPERATORS.IS_TRUE,
  FILTER_OPERATORS.IS_FALSE,
]);

export const SET_FILTER_OPERATORS: ReadonlySet<FilterOperator> = new Set([FILTER_OPERATORS.IN, FILTER_OPERATORS.NOT_IN]);
