/**
 * A tiny arithmetic evaluator for formula annotation layers ("2*x + 100"): numbers, x, + - * / ^ and
 * parentheses. Hand-written so user text never reaches `eval`. A leading `y =` is allowed: Superset evaluates
 * formulas with mathjs, where "y=1400000" (a goal line) is an assignment whose value is the right-hand side.
 */
export function compileFormula(formula: string): ((x: number) => number) | null {
  const source = formula.replace(/^\s*y\s*=/, '');
  const tokens = source.match(/\d+(\.\d+)?(e[+-]?\d+)?|[a-zA-Z]+|[-+*/^()]/g);
  if (!tokens || tokens.join('') !== source.replace(/\s+/g, '')) return null;
  let pos = 0;
  type Node = (x: number) => number;
  const peek = () => tokens[pos];
  const expr = (): Node => {
    let left = term();
    while (peek() === '+' || peek() === '-') {
      const op = tokens[pos++];
      const right = term();
      const l = left;
      left = op === '+' ? (x) => l(x) + right(x) : (x) => l(x) - right(x);
    }
    return left;
  };
  const term = (): Node => {
    let left = unary();
    while (peek() === '*' || peek() === '/') {
      const op = tokens[pos++];
      const right = unary();
      const l = left;
      left = op === '*' ? (x) => l(x) * right(x) : (x) => l(x) / right(x);
    }
    return left;
  };
  // As in mathjs, ^ binds tighter than a leading minus (-x^2 is -(x^2)) and its exponent may be negative (2^-x).
  const power = (): Node => {
    const base = atom();
    if (peek() !== '^') return base;
    pos++;
    const exp = unary();
    return (x) => base(x) ** exp(x);
  };
  const unary = (): Node => {
    if (peek() === '-') {
      pos++;
      const inner = unary();
      return (x) => -inner(x);
    }
    return power();
  };
  const atom = (): Node => {
    const t = tokens[pos++];
    if (t === undefined) throw new Error('unexpected end');
    if (t === '(') {
      const inner = expr();
      if (tokens[pos++] !== ')') throw new Error('missing )');
      return inner;
    }
    if (t === 'x') return (x) => x;
    const n = Number(t);
    if (Number.isFinite(n)) return () => n;
    throw new Error(`unexpected ${t}`);
  };
  try {
    const fn = expr();
    return pos === tokens.length ? fn : null;
  } catch {
    return null;
  }
}
