import type { SqlToken } from './tokenize.js';

/** A token, or a bracketed run of them: `( ... )`, `[ ... ]` or `{ ... }`. */
export type SqlNode = { kind: 'token'; token: SqlToken } | SqlGroup;

export interface SqlGroup {
  kind: 'group';
  open: SqlToken;
  children: SqlNode[];
}

export interface SqlTree {
  /** Top-level statements (split on semicolons outside brackets), each a list of nodes. */
  statements: SqlNode[][];
  /** False when a bracket is never closed, closed by another kind, or closed without being opened. */
  balanced: boolean;
}

const CLOSER: Readonly<Record<string, string>> = { '(': ')', '[': ']', '{': '}' };

const opens = (t: SqlToken) => t.kind === 'open' || (t.kind === 'punct' && t.text === '{');
const closes = (t: SqlToken) => t.kind === 'close' || (t.kind === 'punct' && t.text === '}');

/**
 * Nests significant tokens (no whitespace or comments) by their brackets. A semicolon always ends the
 * statement, closing whatever is open: engines stop there too, and the rest must still be read.
 */
export function sqlTree(tokens: readonly SqlToken[]): SqlTree {
  const statements: SqlNode[][] = [];
  let balanced = true;
  let top: SqlNode[] = [];
  const stack: SqlGroup[] = [];
  const current = () => (stack.length ? stack[stack.length - 1]!.children : top);
  const endStatement = () => {
    if (stack.length) balanced = false;
    stack.length = 0;
    if (top.length) statements.push(top);
    top = [];
  };
  for (const token of tokens) {
    if (token.kind === 'semicolon') endStatement();
    else if (opens(token)) {
      const group: SqlGroup = { kind: 'group', open: token, children: [] };
      current().push(group);
      stack.push(group);
    } else if (closes(token)) {
      const open = stack.pop();
      if (!open || CLOSER[open.open.text] !== token.text) balanced = false;
    } else current().push({ kind: 'token', token });
  }
  endStatement();
  return { statements, balanced };
}
