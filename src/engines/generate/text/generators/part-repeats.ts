/**
 * A shape a part-list row (./part-list.ts) repeats: the copies a union's or hull's list holds, or an
 * operation (`add`, `subtract`, `intersect`) applies one at a time (a cheese's holes, each subtracted
 * from the wedge in turn). A copy is made for every value of each `each` name in turn (nested in order);
 * with `while`, copies go on as long as its test holds, its own `let` drawn before each test (a loop whose
 * every turn draws its own bound, as `k < rng.int(3, 6)` does in code). Its `let` may draw from the seeded
 * randomness (a bush's blobs, each placed by its own draws), `when` leaves a copy out after its draws
 * (a gap among the books), and `carry` / `next` are running names as a group's are (a book placed where
 * the last one ended: fill until full). `repeat` is one shape, a point, several shapes made in turn (a
 * cactus arm's two capsules) or another repeat (the books of each shelf). Each copy's draws are made just
 * before it is made, so the seeded randomness is drawn in the order the same loop in code draws it.
 */
import { type TSchema, Type } from '@sinclair/typebox';
import { compileFormula, type Scope } from './formulas.ts';

/** A loop that never ends is a row's mistake, not a form: it fails after this many turns. */
const MOST_TURNS = 10_000;

/** `while`: its `let` computed before each test (the turn's own bound), copies made while the test is not 0. */
export function whileSchema<L extends TSchema>(named: L) {
  return Type.Object(
    { let: Type.Optional(Type.Array(named, { minItems: 1 })), test: Type.String({ pattern: '^=' }) },
    { additionalProperties: false },
  );
}

/** The schema of a repeat over the row language's own schemas (a shape, a point, `each`, `let`, a formula). */
export function repeatSchema<S extends TSchema, V extends TSchema, E extends TSchema, L extends TSchema>(
  shape: S,
  point: V,
  each: E,
  named: L,
) {
  const formula = Type.String({ pattern: '^=' });
  return Type.Recursive(
    (Repeat) =>
      Type.Object(
        {
          each: Type.Optional(Type.Array(each, { minItems: 1 })),
          carry: Type.Optional(Type.Array(named, { minItems: 1 })),
          while: Type.Optional(whileSchema(named)),
          let: Type.Optional(Type.Array(named, { minItems: 1 })),
          when: Type.Optional(formula),
          next: Type.Optional(Type.Array(named, { minItems: 1 })),
          repeat: Type.Union([shape, point, Type.Array(shape, { minItems: 2 }), Repeat]),
        },
        { additionalProperties: false },
      ),
    { $id: 'PartRepeat' },
  );
}

type Named = [string, unknown];
type EachValues = unknown;

/** The turns of a repeat or of a part-list group: its loops, running names, own names and condition. */
export interface Turns {
  each?: [string, EachValues][];
  carry?: Named[];
  while?: { let?: Named[]; test: string };
  let?: Named[];
  when?: string;
  next?: Named[];
}

/** A repeat as rows write it (./part-list.ts checks it against `repeatSchema`). */
export interface Repeat extends Turns {
  repeat: unknown;
}

export const isRepeat = (value: unknown): value is Repeat =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && 'repeat' in value;

/** How the row language computes names and loops (./part-list.ts lends its own). */
export interface RepeatKit {
  /** `scope` with the names added in order, drawing from the seeded randomness as they say. */
  withLets(lets: readonly Named[] | undefined, scope: Scope): Scope;
  /** The values an `each` name takes in turn. */
  eachValues(values: EachValues, scope: Scope): number[];
}

/**
 * Calls `make` with the scope of every turn in order, each turn's draws made just before it (a part-list
 * group's turns are a repeat's without its `when`, which the group tests once before them).
 */
export function forEachCopy(repeat: Turns, scope: Scope, kit: RepeatKit, make: (copy: Scope) => void): void {
  const loops = repeat.each ?? [];
  let carried: Scope = {};
  if (repeat.carry) {
    const first = kit.withLets(repeat.carry, scope);
    carried = Object.fromEntries(repeat.carry.map(([name]) => [name, first[name]]));
  }
  const turn = (inner: Scope): void => {
    const own = kit.withLets(repeat.let, inner);
    if (!repeat.when || compileFormula(repeat.when)(own)) make(own);
    if (!repeat.next) return;
    const next = kit.withLets(repeat.next, own);
    carried = Object.fromEntries(Object.keys(carried).map((name) => [name, next[name]]));
  };
  const walk = (depth: number, inner: Scope): void => {
    if (depth < loops.length) {
      for (const value of kit.eachValues(loops[depth][1], inner))
        walk(depth + 1, { ...inner, [loops[depth][0]]: value });
      return;
    }
    if (!repeat.while) {
      turn({ ...inner, ...carried });
      return;
    }
    for (let turns = 0; ; turns++) {
      if (turns === MOST_TURNS)
        throw new Error(`a repeat's while (${repeat.while.test}) went on for ${MOST_TURNS} turns`);
      const tested = kit.withLets(repeat.while.let, { ...inner, ...carried });
      if (!compileFormula(repeat.while.test)(tested)) return;
      turn(tested);
    }
  };
  walk(0, scope);
}

/** The repeat's copies in order, each made by `make` (a shape, a point) from its scope; nested repeats flattened. */
export function copiesOf<T>(
  repeat: Repeat,
  scope: Scope,
  kit: RepeatKit,
  make: (item: unknown, copy: Scope) => T,
): T[] {
  const made: T[] = [];
  forEachCopy(repeat, scope, kit, (copy) => {
    const item = repeat.repeat;
    if (isRepeat(item)) made.push(...copiesOf(item, copy, kit, make));
    else if (Array.isArray(item) && typeof item[0] === 'object') for (const shape of item) made.push(make(shape, copy));
    else made.push(make(item, copy));
  });
  return made;
}
