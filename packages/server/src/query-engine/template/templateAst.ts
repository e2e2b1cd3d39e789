/**
 * The template syntax tree the interpreter (evaluate.ts) runs. It is our own closed shape, built by
 * parseTemplate.ts from the Jinja parser's output: anything the parser knows but this tree has no node
 * for (include, import, extends, block, regex literals, ...) is refused there, not ignored here.
 */

export type Literal = string | number | boolean | null;

export type BinaryOp = '+' | '-' | '*' | '/' | '//' | '%' | '**' | '~';
export type CompareOp = '==' | '!=' | '<' | '>' | '<=' | '>=';

export interface NamedArg {
  name: string;
  value: Expr;
}

export interface MacroDef {
  name: string;
  params: { name: string; fallback: Expr | null }[];
  body: Stmt[];
}

export type Expr =
  | { kind: 'literal'; value: Literal }
  | { kind: 'name'; name: string }
  | { kind: 'list'; items: Expr[] }
  | { kind: 'dict'; entries: { key: Expr; value: Expr }[] }
  | { kind: 'member'; target: Expr; key: Expr }
  /** `caller` is the body of a `{% call %}` block, handed to the called macro as `caller()`. */
  | { kind: 'call'; callee: Expr; args: Expr[]; kwargs: NamedArg[]; caller: MacroDef | null }
  | { kind: 'filter'; name: string; target: Expr; args: Expr[]; kwargs: NamedArg[] }
  | { kind: 'test'; name: string; target: Expr; args: Expr[]; negated: boolean }
  | { kind: 'not'; operand: Expr }
  | { kind: 'negate'; operand: Expr; sign: '-' | '+' }
  | { kind: 'binary'; op: BinaryOp; left: Expr; right: Expr }
  | { kind: 'logical'; op: 'and' | 'or'; left: Expr; right: Expr }
  | { kind: 'compare'; first: Expr; rest: { op: CompareOp; expr: Expr }[] }
  | { kind: 'in'; item: Expr; container: Expr }
  | { kind: 'condition'; test: Expr; then: Expr; otherwise: Expr | null }
  /** The output of a `{% filter %}` block, as the filter's input. */
  | { kind: 'capture'; body: Stmt[] };

export type Stmt =
  | { kind: 'text'; text: string }
  | { kind: 'output'; expr: Expr }
  | { kind: 'if'; test: Expr; body: Stmt[]; otherwise: Stmt[] }
  | { kind: 'for'; targets: string[]; iterable: Expr; body: Stmt[]; otherwise: Stmt[] }
  | { kind: 'set'; targets: string[]; value: Expr }
  | { kind: 'setBlock'; target: string; body: Stmt[] }
  | { kind: 'macro'; def: MacroDef };
