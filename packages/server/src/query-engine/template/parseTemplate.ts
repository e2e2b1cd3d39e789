import nunjucks from 'nunjucks';
import { invalidTemplate, TemplateRenderError } from './templateRenderError.js';
import type { BinaryOp, CompareOp, Expr, Literal, MacroDef, NamedArg, Stmt } from './templateAst.js';
import { FILTER_NAMES } from './templateFilters.js';
import { TEST_NAMES } from './templateTests.js';

/**
 * Nesting allowed in a template (blocks inside blocks, operands inside operators). Real SQL templates stay
 * far below it; the bound keeps the interpreter's recursion, and so the stack, small.
 */
export const MAX_TEMPLATE_DEPTH = 200;

/** A node of nunjucks' parser output: plain fields, read here and nowhere else. */
interface JNode {
  typename: string;
  children?: JNode[];
  value?: unknown;
  [field: string]: unknown;
}

const BINARY: Readonly<Record<string, BinaryOp>> = {
  Add: '+',
  Sub: '-',
  Mul: '*',
  Div: '/',
  FloorDiv: '//',
  Mod: '%',
  Pow: '**',
  Concat: '~',
};
const COMPARE: Readonly<Record<string, CompareOp>> = { '==': '==', '===': '==', '!=': '!=', '!==': '!=', '<': '<', '>': '>', '<=': '<=', '>=': '>=' };
/** Jinja spells these constants in both cases; nunjucks' lexer knows only the lower-case ones. */
const CONSTANTS: ReadonlyMap<string, Literal> = new Map<string, Literal>([
  ['True', true],
  ['False', false],
  ['None', null],
]);
const REFUSED_TAGS: Readonly<Record<string, string>> = {
  Include: 'include',
  Import: 'import',
  FromImport: 'from ... import',
  Extends: 'extends',
  Block: 'block',
  Super: 'super',
  Switch: 'switch',
  IfAsync: 'ifAsync',
  AsyncEach: 'asyncEach',
  AsyncAll: 'asyncAll',
  FilterAsync: 'async filters',
  CallExtension: 'extensions',
  CallExtensionAsync: 'extensions',
};

type ParseFn = (source: string) => JNode;
const jinjaParser = (nunjucks as unknown as { parser: { parse: ParseFn } }).parser;

const own = (node: JNode, field: string): unknown => (Object.hasOwn(node, field) ? node[field] : undefined);

/**
 * Parses template text into our syntax tree. Only the parser of nunjucks is used (it builds a tree and runs
 * nothing); its tree is converted node by node, and any construct without a meaning here is refused.
 */
export function parseTemplate(source: string): Stmt[] {
  let root: JNode;
  try {
    root = jinjaParser.parse(source);
  } catch (err) {
    if (err instanceof RangeError) throw invalidTemplate('The template is nested too deeply.');
    const message = err instanceof Error ? err.message : String(err);
    throw invalidTemplate(message.split('\n').pop()?.trim() || 'The template could not be parsed.');
  }
  try {
    return new Converter().statements(root, 0);
  } catch (err) {
    if (err instanceof RangeError) throw invalidTemplate('The template is nested too deeply.');
    throw err;
  }
}

class Converter {
  statements(list: unknown, depth: number): Stmt[] {
    if (list === null || list === undefined) return [];
    const node = this.node(list, depth);
    const out: Stmt[] = [];
    for (const child of this.children(node)) out.push(...this.statement(child, depth + 1));
    return out;
  }

  private node(value: unknown, depth: number): JNode {
    if (depth > MAX_TEMPLATE_DEPTH) throw invalidTemplate('The template is nested too deeply.');
    if (!value || typeof value !== 'object' || typeof (value as JNode).typename !== 'string') {
      throw invalidTemplate('The template could not be parsed.');
    }
    return value as JNode;
  }

  private children(node: JNode): JNode[] {
    const children = own(node, 'children');
    return Array.isArray(children) ? (children as JNode[]) : [];
  }

  private statement(value: unknown, depth: number): Stmt[] {
    const node = this.node(value, depth);
    switch (node.typename) {
      case 'Output':
        return this.children(node).map((child) =>
          child.typename === 'TemplateData' ? { kind: 'text', text: String(own(child, 'value') ?? '') } : { kind: 'output', expr: this.expr(child, depth + 1) },
        );
      case 'If':
        return [this.ifStatement(node, depth)];
      case 'For': {
        const nameNode = this.node(own(node, 'name'), depth + 1);
        const targets = nameNode.typename === 'Array' ? this.children(nameNode).map((n) => this.symbol(n, 'loop variable')) : [this.symbol(nameNode, 'loop variable')];
        return [
          {
            kind: 'for',
            targets,
            iterable: this.expr(own(node, 'arr'), depth + 1),
            body: this.statements(own(node, 'body'), depth + 1),
            otherwise: this.statements(own(node, 'else_'), depth + 1),
          },
        ];
      }
      case 'Set': {
        const targets = (own(node, 'targets') as unknown[] | undefined ?? []).map((t) => this.symbol(this.node(t, depth + 1), 'variable'));
        const body = own(node, 'body');
        if (body) {
          if (targets.length !== 1) throw invalidTemplate('A {% set %} block assigns one variable.');
          const capture = this.node(body, depth + 1);
          return [{ kind: 'setBlock', target: targets[0]!, body: this.statements(own(capture, 'body'), depth + 1) }];
        }
        return [{ kind: 'set', targets, value: this.expr(own(node, 'value'), depth + 1) }];
      }
      case 'Macro':
        return [{ kind: 'macro', def: this.macro(node, depth) }];
      default:
        throw this.refused(node);
    }
  }

  private ifStatement(node: JNode, depth: number): Stmt {
    const otherwise = own(node, 'else_');
    const elseNode = otherwise ? this.node(otherwise, depth + 1) : null;
    return {
      kind: 'if',
      test: this.expr(own(node, 'cond'), depth + 1),
      body: this.statements(own(node, 'body'), depth + 1),
      otherwise: elseNode === null ? [] : elseNode.typename === 'If' ? [this.ifStatement(elseNode, depth + 1)] : this.statements(elseNode, depth + 1),
    };
  }

  private macro(node: JNode, depth: number): MacroDef {
    const name = this.symbol(this.node(own(node, 'name'), depth + 1), 'macro name');
    const params: MacroDef['params'] = [];
    for (const arg of this.children(this.node(own(node, 'args') ?? { typename: 'NodeList', children: [] }, depth + 1))) {
      if (arg.typename === 'KeywordArgs') {
        for (const pair of this.children(arg)) {
          params.push({ name: this.symbol(this.node(own(pair, 'key'), depth + 2), 'macro argument'), fallback: this.expr(own(pair, 'value'), depth + 2) });
        }
      } else {
        params.push({ name: this.symbol(arg, 'macro argument'), fallback: null });
      }
    }
    return { name, params, body: this.statements(own(node, 'body'), depth + 1) };
  }

  private symbol(node: JNode, what: string): string {
    const value = own(node, 'value');
    if (node.typename !== 'Symbol' || typeof value !== 'string') throw invalidTemplate(`Expected a name as ${what}.`);
    return value;
  }

  private refused(node: JNode): TemplateRenderError {
    const tag = Object.hasOwn(REFUSED_TAGS, node.typename) ? REFUSED_TAGS[node.typename] : null;
    return invalidTemplate(tag ? `Templates cannot use ${tag}.` : `Unsupported template syntax (${node.typename}).`);
  }

  /** Positional arguments and keyword arguments of a call or filter, as the parser lists them. */
  private arguments(nodes: JNode[], depth: number): { args: Expr[]; kwargs: NamedArg[]; caller: MacroDef | null } {
    const args: Expr[] = [];
    const kwargs: NamedArg[] = [];
    let caller: MacroDef | null = null;
    for (const arg of nodes) {
      if (arg.typename !== 'KeywordArgs') {
        args.push(this.expr(arg, depth + 1));
        continue;
      }
      for (const pair of this.children(arg)) {
        const name = this.symbol(this.node(own(pair, 'key'), depth + 2), 'keyword argument');
        const value = this.node(own(pair, 'value'), depth + 2);
        if (value.typename === 'Caller') caller = this.macro(value, depth + 2);
        else kwargs.push({ name, value: this.expr(value, depth + 2) });
      }
    }
    return { args, kwargs, caller };
  }

  expr(value: unknown, depth: number): Expr {
    const node = this.node(value, depth);
    const d = depth + 1;
    const binary = Object.hasOwn(BINARY, node.typename) ? BINARY[node.typename] : undefined;
    if (binary) return { kind: 'binary', op: binary, left: this.expr(own(node, 'left'), d), right: this.expr(own(node, 'right'), d) };
    switch (node.typename) {
      case 'Literal': {
        const v = own(node, 'value');
        if (v === null || typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v))) return { kind: 'literal', value: v };
        throw invalidTemplate('Unsupported literal in the template.');
      }
      case 'Symbol': {
        const name = this.symbol(node, 'name');
        return CONSTANTS.has(name) ? { kind: 'literal', value: CONSTANTS.get(name)! } : { kind: 'name', name };
      }
      case 'Group': {
        const items = this.children(node);
        return items.length === 1 ? this.expr(items[0], d) : { kind: 'list', items: items.map((c) => this.expr(c, d)) };
      }
      case 'Array':
        return { kind: 'list', items: this.children(node).map((c) => this.expr(c, d)) };
      case 'Dict':
        return {
          kind: 'dict',
          entries: this.children(node).map((pair) => ({ key: this.expr(own(pair, 'key'), d + 1), value: this.expr(own(pair, 'value'), d + 1) })),
        };
      case 'LookupVal':
        return { kind: 'member', target: this.expr(own(node, 'target'), d), key: this.expr(own(node, 'val'), d) };
      case 'FunCall': {
        const callee = this.expr(own(node, 'name'), d);
        return { kind: 'call', callee, ...this.arguments(this.children(this.node(own(node, 'args'), d)), d) };
      }
      case 'Filter': {
        const name = this.symbol(this.node(own(node, 'name'), d), 'filter name');
        if (!FILTER_NAMES.has(name)) throw invalidTemplate(`No filter named '${name}'.`);
        const [target, ...rest] = this.children(this.node(own(node, 'args'), d));
        if (!target) throw invalidTemplate(`The filter '${name}' has nothing to filter.`);
        const { args, kwargs } = this.arguments(rest, d);
        const input: Expr = target.typename === 'Capture' ? { kind: 'capture', body: this.statements(own(target, 'body'), d + 1) } : this.expr(target, d);
        return { kind: 'filter', name, target: input, args, kwargs };
      }
      case 'Is':
        return this.test(node, false, depth);
      case 'Not': {
        const operand = this.node(own(node, 'target'), d);
        if (operand.typename === 'Is') return this.test(operand, true, d);
        return { kind: 'not', operand: this.expr(operand, d) };
      }
      case 'Neg':
      case 'Pos':
        return { kind: 'negate', sign: node.typename === 'Neg' ? '-' : '+', operand: this.expr(own(node, 'target'), d) };
      case 'And':
      case 'Or':
        return { kind: 'logical', op: node.typename === 'And' ? 'and' : 'or', left: this.expr(own(node, 'left'), d), right: this.expr(own(node, 'right'), d) };
      case 'In':
        return { kind: 'in', item: this.expr(own(node, 'left'), d), container: this.expr(own(node, 'right'), d) };
      case 'Compare': {
        const ops = (own(node, 'ops') as unknown[] | undefined) ?? [];
        return {
          kind: 'compare',
          first: this.expr(own(node, 'expr'), d),
          rest: ops.map((o) => {
            const operand = this.node(o, d);
            const op = own(operand, 'type');
            if (typeof op !== 'string' || !Object.hasOwn(COMPARE, op)) throw invalidTemplate('Unsupported comparison.');
            return { op: COMPARE[op]!, expr: this.expr(own(operand, 'expr'), d + 1) };
          }),
        };
      }
      case 'InlineIf': {
        const otherwise = own(node, 'else_');
        return {
          kind: 'condition',
          test: this.expr(own(node, 'cond'), d),
          then: this.expr(own(node, 'body'), d),
          otherwise: otherwise ? this.expr(otherwise, d) : null,
        };
      }
      default:
        throw this.refused(node);
    }
  }

  /** `x is name`, `x is name(args)`, `x is none`, `x is true`: nunjucks parses the test as an expression. */
  private test(node: JNode, negated: boolean, depth: number): Expr {
    const d = depth + 1;
    const target = this.expr(own(node, 'left'), d);
    const right = this.node(own(node, 'right'), d);
    let name: string;
    let args: Expr[] = [];
    if (right.typename === 'Literal') {
      const v = own(right, 'value');
      name = v === null ? 'none' : v === true ? 'true' : v === false ? 'false' : '';
    } else if (right.typename === 'Symbol') {
      name = this.symbol(right, 'test name');
    } else if (right.typename === 'FunCall') {
      name = this.symbol(this.node(own(right, 'name'), d), 'test name');
      const parsed = this.arguments(this.children(this.node(own(right, 'args'), d)), d);
      if (parsed.kwargs.length > 0 || parsed.caller) throw invalidTemplate('Tests take positional arguments only.');
      args = parsed.args;
    } else {
      throw invalidTemplate('Expected a test name after "is".');
    }
    name = name === 'None' ? 'none' : name;
    if (!TEST_NAMES.has(name)) throw invalidTemplate(`No test named '${name}'.`);
    return { kind: 'test', name, target, args, negated };
  }
}
