/**
 * The formulas of part-list rows (./part-list.ts): `=L*0.36`, `=-W/2+0.05`, `=cos(a)*0.4`. A formula is
 * arithmetic (`+ - * / %`, unary minus, parentheses, comparisons giving 1 or 0) over names and the
 * functions and constants of FORMULA_CONSTANTS. It is parsed with JavaScript's precedence and
 * associativity and evaluated in double precision, so it gives the very number the same text gives as
 * code: a builder moved from code into a row keeps its parts byte-identical.
 */

/** The names a formula is evaluated with: numbers, and colours a part's `colour` may name. */
export type Scope = Record<string, number | readonly number[]>;

type Evaluate = (scope: Scope) => number;

/** The functions and constants every formula may use, as JavaScript's Math has them. */
export const FORMULA_CONSTANTS = {
  PI: Math.PI,
  cos: Math.cos,
  sin: Math.sin,
  abs: Math.abs,
  min: Math.min,
  max: Math.max,
  sqrt: Math.sqrt,
  pow: Math.pow,
  acos: Math.acos,
  atan2: Math.atan2,
  hypot: Math.hypot,
  ceil: Math.ceil,
  floor: Math.floor,
  round: Math.round,
  /** `choose(c, a, b)`: a when c is not 0, else b (a row's either-or, such as a CRT monitor's depth). */
  choose: (c: number, a: number, b: number) => (c ? a : b),
} as const;

const TOKEN =
  /\s*(?:(\d+\.?\d*(?:e[-+]?\d+)?|\.\d+(?:e[-+]?\d+)?)|([A-Za-z_][A-Za-z0-9_]*)|(<=|>=|==|!=|[-+*/%(),<>]))/y;

const COMPARE: Record<string, (a: number, b: number) => boolean> = {
  '<': (a, b) => a < b,
  '<=': (a, b) => a <= b,
  '>': (a, b) => a > b,
  '>=': (a, b) => a >= b,
  '==': (a, b) => a === b,
  '!=': (a, b) => a !== b,
};

interface Parsed {
  evaluate: Evaluate;
  names: Set<string>;
}

/** Parses `=…` (the text after the `=`) into an evaluator and the names it reads; throws on bad syntax. */
function parse(formula: string): Parsed {
  const text = formula.slice(1);
  const tokens: string[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < text.length) {
    const at = TOKEN.lastIndex;
    const match = TOKEN.exec(text);
    if (!match) {
      if (/^\s*$/.test(text.slice(at))) break;
      throw new Error(`${formula}: cannot read "${text.slice(at)}"`);
    }
    tokens.push(match[0].trim());
  }
  const names = new Set<string>();
  let k = 0;
  const peek = () => tokens[k];
  const expect = (token: string) => {
    if (tokens[k] !== token) throw new Error(`${formula}: expected "${token}" at "${tokens.slice(k).join(' ')}"`);
    k++;
  };
  // comparison := sum (op sum)?; sum := product (('+'|'-') product)*; product := unary (('*'|'/'|'%') unary)*
  const comparison = (): Evaluate => {
    const left = sum();
    const op = COMPARE[peek()];
    if (!op) return left;
    k++;
    const right = sum();
    return (scope) => +op(left(scope), right(scope));
  };
  const sum = (): Evaluate => {
    let left = product();
    while (peek() === '+' || peek() === '-') {
      const op = tokens[k++];
      const a = left;
      const b = product();
      left = op === '+' ? (scope) => a(scope) + b(scope) : (scope) => a(scope) - b(scope);
    }
    return left;
  };
  const product = (): Evaluate => {
    let left = unary();
    while (peek() === '*' || peek() === '/' || peek() === '%') {
      const op = tokens[k++];
      const a = left;
      const b = unary();
      left =
        op === '*'
          ? (scope) => a(scope) * b(scope)
          : op === '/'
            ? (scope) => a(scope) / b(scope)
            : (scope) => a(scope) % b(scope);
    }
    return left;
  };
  const unary = (): Evaluate => {
    if (peek() === '-') {
      k++;
      const inner = unary();
      return (scope) => -inner(scope);
    }
    return primary();
  };
  const primary = (): Evaluate => {
    const token = tokens[k++];
    if (token === undefined) throw new Error(`${formula}: ends too soon`);
    if (token === '(') {
      const inner = comparison();
      expect(')');
      return inner;
    }
    if (/^[\d.]/.test(token)) {
      const value = Number(token);
      return () => value;
    }
    if (!/^[A-Za-z_]/.test(token)) throw new Error(`${formula}: unexpected "${token}"`);
    const known = (FORMULA_CONSTANTS as Record<string, number | ((...a: number[]) => number)>)[token];
    if (peek() === '(') {
      if (typeof known !== 'function') throw new Error(`${formula}: ${token} is not a function`);
      k++;
      const args: Evaluate[] = [];
      if (peek() !== ')')
        do args.push(comparison());
        while (peek() === ',' && ++k);
      expect(')');
      return (scope) => known(...args.map((arg) => arg(scope)));
    }
    if (typeof known === 'number') return () => known;
    names.add(token);
    return (scope) => {
      const value = scope[token];
      if (typeof value !== 'number') throw new Error(`${formula}: ${token} is not a number here`);
      return value;
    };
  };
  const evaluate = comparison();
  if (k !== tokens.length) throw new Error(`${formula}: unexpected "${tokens.slice(k).join(' ')}"`);
  return { evaluate, names };
}

const compiled = new Map<string, Parsed>();

function parsed(formula: string): Parsed {
  let entry = compiled.get(formula);
  if (!entry) compiled.set(formula, (entry = parse(formula)));
  return entry;
}

/**
 * The formula's evaluator (parsed once per text). A formula that is only a name (`=shell`) gives that
 * name's value as it is, so a part's `colour` may name a colour the row computed.
 */
export function compileFormula(formula: string): (scope: Scope) => number {
  const name = formula.slice(1).trim();
  if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(name) && !(name in FORMULA_CONSTANTS))
    return (scope) => {
      if (!(name in scope)) throw new Error(`${formula}: ${name} is not defined here`);
      return scope[name] as number;
    };
  return parsed(formula).evaluate;
}

/** The names a formula reads (not the functions and constants); throws on bad syntax. */
export function formulaNames(formula: string): string[] {
  return [...parsed(formula).names];
}
