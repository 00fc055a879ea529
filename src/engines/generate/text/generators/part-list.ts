/**
 * The one builder of forms that are a fixed list of parts (an anvil, a snow globe, a vending machine):
 * each row of `parts/*.json` is `{id, parts}`, each part one primitive of ./kit.ts (`shape` and its
 * `args` in the order of the `GenContext` method of that name), the operations applied to it in order
 * (`ops`: rotate, translate, scale, add/subtract/intersect another shape …; `hollowLathe` and
 * `sideHandle` of ./vessel-shapes.ts and `lumpy` of ./terrain.ts are shapes too), and how it is painted
 * (`material`, `part`, `primary`, `colour` — a name of ./palette.ts or an sRGB triple of the row's own).
 * What the prompt says may choose among a row's parts and colours, as data rather than word checks in
 * code: `ifSays` / `unlessSays` (patterns, each tested on the lower-cased prompt: the part is made only
 * when all of `ifSays` and none of `unlessSays` match) and `colourIfSays` (`[pattern, colour]` pairs, the
 * first that matches wins over `colour`) — a red stapler, a d20 rather than a six-sided die; and
 * `promptColour` (the part takes the first colour the prompt names, before either).
 * A legged form's row also names its `skeleton` (rig type and joints, ./joints.ts). Rows are checked
 * against PART_LIST_FILE_SCHEMA when their file loads, so a typo fails at start-up.
 *
 * A form whose sizes follow the prompt (a wagon as long as it is asked, a xylophone with the bars it is
 * told) is a row too: any number may be a formula, a string starting with `=` ("=L*0.36", "=tall*0.9")
 * over the shape parameters (`long`, `tall`, `wide`, `thick`, `round`, `lowPoly` as 0/1, see ./kit.ts
 * ShapeParams), the row's own names and the functions of ./formulas.ts (`PI`, `cos`, `sin`, `min` …). A row's `let`
 * names values in order (a formula, `{"pick": [...]}` one item by the seeded randomness, `{"count":
 * [part, fallback, min, max]}` the prompt's count of a part, `{"colourSaid": colour}` the first colour
 * the prompt names else this one (or `{"pick": [...]}` of them), `{"says": pattern}` 1 when the prompt
 * matches it, else 0, `{"wordMatches": pattern}` the same of the prompt's noun, `{"materialIs": kind}` 1
 * when the prompt names that material, `{"partSaid": part}` 1 when the prompt names that part (a chair's arms,
 * counted or not), `{"coloursSaid": true}` how many colours the prompt names, `{"random": [a, b]}` and `{"randomInt": [a, b]}` the seeded
 * randomness's `range` and `int`, `{"nth": [index, items]}` the item at the index counted round the
 * list), `{"setting": [plan, key, else]}` the noun's setting of ./modifiers.json (a wedding cake's tiers)
 * or else the fallback; a colour may be `=name` of such a value. A part may be a group
 * `{each, let, when, parts}`: its parts made for every value of each `each` name in turn (a list,
 * `{"below": n}` for 0 … n-1, `{"around": [n, offset]}` for ./kit.ts `around`), nested in the order
 * listed; a part or group with `when` is made only when its formula is not 0 (comparisons give 1 or 0).
 * A `let` may be `{"if": [condition, then, else]}`, so a draw is made only on the branch taken (a sports
 * car's cabin length is fixed, a sedan's drawn), or `{"shade": [colour, k]}` (a colour times k, kept within
 * 0…1). A union's or hull's list may hold `{each, let, repeat}`: the shape `repeat` once for every value of
 * its names (a banana's arc, a palm's leaning trunk), each copy with draws of its own, looping `while` a
 * test holds, or subtracted one copy at a time (./part-repeats.ts: a bush's blobs, a cheese's holes, a
 * shelf filled with books until full); a group's `use` builds another file's row (a building's storeys). A file's `inputs` are names its caller gives every
 * row (a fruit's size and colour: `buildPartList(ctx, row, given)`), and `formsOf` says when its rows are
 * one generator's forms rather than a category's profiles. `cartoon` is a 0/1 shape name beside `ornate`,
 * `segments` the style's round-part tessellation.
 * The formulas are evaluated as JavaScript would evaluate the same text, so a builder written as code
 * and the same builder as a row make byte-identical parts.
 */
import { type Static, type TSchema, Type } from '@sinclair/typebox';
import type { Manifold, Vec3 } from 'manifold-3d';
import type { MaterialKind } from '../understand/index.ts';
import { around, says, type GenContext, type Generator, type RGB } from './kit.ts';
import { DEFAULT_COLOURS } from './default-colours.ts';
import { JointList } from './joints.ts';
import { settingOf } from './modifiers.ts';
import * as PALETTE from './palette.ts';
import { ColourSchema, firstSchemaError, readRowFile } from './row-files.ts';
import { compileFormula, FORMULA_CONSTANTS, formulaNames, type Scope } from './formulas.ts';
import { hollowLathe, sideHandle } from './vessel-shapes.ts';
import { lumpy } from './terrain.ts';
import { copiesOf, forEachCopy, isRepeat, type RepeatKit, repeatSchema, whileSchema } from './part-repeats.ts';

/** The primitives a part may start from, with how many arguments each takes (the rest are optional). */
export const PRIMITIVE_ARITY = {
  box: [1, 2],
  roundBox: [2, 3],
  cyl: [2, 5],
  sphere: [1, 3],
  ellipsoid: [1, 2],
  capsule: [3, 4],
  torus: [2, 4],
  lathe: [1, 3],
  prism: [2, 3],
  hull: [1, 1],
  union: [1, 1],
  hollowLathe: [2, 2],
  sideHandle: [4, 5],
  lumpy: [3, 4],
} as const satisfies Record<string, readonly [number, number]>;

export type PrimitiveName = keyof typeof PRIMITIVE_ARITY;

/** A number written as a formula over the shape parameters and the row's names (./formulas.ts). */
const FormulaSchema = Type.String({ pattern: '^=' });
/** A number, or a formula giving one. */
const Num = Type.Union([Type.Number(), FormulaSchema]);

const Vec = Type.Array(Num, { minItems: 2, maxItems: 3 });

/** The values a name takes in turn (a group's or a repeated shape's `each`). */
const EachSchema = Type.Tuple([
  Type.String({ pattern: '^[A-Za-z_][A-Za-z0-9_]*$' }),
  Type.Union([
    Type.Array(Num, { minItems: 1 }),
    Type.Object({ below: Num }, { additionalProperties: false }),
    Type.Object({ around: Type.Array(Num, { minItems: 1, maxItems: 2 }) }, { additionalProperties: false }),
  ]),
]);

/** A regular expression's source, tested on the lower-cased prompt (as ./kit.ts `says` does). */
const PatternSchema = Type.String({ minLength: 1 });

const PickSchema = Type.Object(
  { pick: Type.Array(Type.Union([Num, ColourSchema]), { minItems: 1 }) },
  { additionalProperties: false },
);
const RandomSchema = Type.Object({ random: Type.Tuple([Num, Num]) }, { additionalProperties: false });
const RandomIntSchema = Type.Object({ randomInt: Type.Tuple([Num, Num]) }, { additionalProperties: false });
/** `[index, items]`: the item at the index, counted round the list (a toy's k-th bright colour). */
const NthSchema = Type.Object(
  { nth: Type.Tuple([Num, Type.Array(Type.Union([Num, ColourSchema]), { minItems: 1 })]) },
  { additionalProperties: false },
);
/** A number or colour, or one drawn from the seeded randomness: what either branch of an `if` may be. */
const DrawnSchema = Type.Union([Num, ColourSchema, PickSchema, RandomSchema, RandomIntSchema, NthSchema]);

/** A named value of a row or group, computed in order when the row is built. */
const LetSchema = Type.Tuple([
  Type.String({ pattern: '^[A-Za-z_][A-Za-z0-9_]*$' }),
  Type.Union([
    Num,
    PickSchema,
    Type.Object({ count: Type.Tuple([Type.String({ minLength: 1 }), Num, Num, Num]) }, { additionalProperties: false }),
    Type.Object(
      {
        colourSaid: Type.Union([
          ColourSchema,
          Type.Object({ pick: Type.Array(ColourSchema, { minItems: 1 }) }, { additionalProperties: false }),
        ]),
      },
      { additionalProperties: false },
    ),
    Type.Object({ says: PatternSchema }, { additionalProperties: false }),
    Type.Object({ wordMatches: PatternSchema }, { additionalProperties: false }),
    Type.Object({ materialIs: Type.String({ minLength: 1 }) }, { additionalProperties: false }),
    Type.Object({ partSaid: Type.String({ minLength: 1 }) }, { additionalProperties: false }),
    Type.Object({ coloursSaid: Type.Literal(true) }, { additionalProperties: false }),
    RandomSchema,
    RandomIntSchema,
    NthSchema,
    // `[condition, then, else]`: only the branch taken draws (a sports car's cabin is not drawn, a sedan's is).
    Type.Object({ if: Type.Tuple([FormulaSchema, DrawnSchema, DrawnSchema]) }, { additionalProperties: false }),
    Type.Object({ shade: Type.Tuple([FormulaSchema, Num]) }, { additionalProperties: false }),
    // `[plan, key, else]`: the noun's setting (./modifiers.json), else the fallback, drawn only then.
    Type.Object(
      { setting: Type.Tuple([Type.String({ minLength: 1 }), Type.String({ minLength: 1 }), DrawnSchema]) },
      { additionalProperties: false },
    ),
  ]),
]);

const ShapeSchema = Type.Recursive(
  (Shape) => {
    const repeat = repeatSchema(Shape, Vec, EachSchema, LetSchema);
    return Type.Object(
      {
        shape: Type.Union(Object.keys(PRIMITIVE_ARITY).map((name) => Type.Literal(name))),
        /** In the order of the kit method's parameters; null leaves an optional one at its default. */
        args: Type.Array(
          Type.Union([
            Num,
            Type.Null(),
            Type.Union([Type.Literal('x'), Type.Literal('y'), Type.Literal('z')]),
            Vec,
            // A lathe's or prism's points, or the items a hull or union joins (a repeat, ./part-repeats.ts,
            // stands for its copies in turn: a star's points).
            Type.Array(Type.Union([Vec, Shape, repeat])),
          ]),
        ),
        ops: Type.Optional(
          Type.Array(
            Type.Union([
              Type.Tuple([Type.Literal('rotate'), Vec]),
              Type.Tuple([Type.Literal('translate'), Vec]),
              Type.Tuple([Type.Literal('scale'), Type.Union([Vec, Num])]),
              Type.Tuple([Type.Literal('mirror'), Vec]),
              Type.Tuple([Type.Literal('trimByPlane'), Vec, Num]),
              Type.Tuple([Type.Literal('refine'), Num]),
              Type.Tuple([Type.Literal('add'), Type.Union([Shape, repeat])]),
              Type.Tuple([Type.Literal('subtract'), Type.Union([Shape, repeat])]),
              Type.Tuple([Type.Literal('intersect'), Type.Union([Shape, repeat])]),
            ]),
          ),
        ),
      },
      { additionalProperties: false },
    );
  },
  { $id: 'PartShape' },
);

/** `[formula, [names]]`: the name at the formula's index (a coat's material by the caller's number). */
const ChoiceSchema = <T extends TSchema>(name: T) => Type.Tuple([FormulaSchema, Type.Array(name, { minItems: 1 })]);

/** A joint's name: a string, or pieces joined, each a string or a choice (a leg's side and its place by the legs' count). */
const JointNameSchema = Type.Union([
  Type.String({ minLength: 1 }),
  Type.Array(Type.Union([Type.String(), ChoiceSchema(Type.String())]), { minItems: 1 }),
]);

const MaterialSchema = Type.Union(Object.keys(DEFAULT_COLOURS).map((kind) => Type.Literal(kind)));

const PartSchema = Type.Object(
  {
    shape: Type.Union(Object.keys(PRIMITIVE_ARITY).map((name) => Type.Literal(name))),
    args: Type.Array(Type.Unknown()),
    ops: Type.Optional(Type.Array(Type.Unknown())),
    // A coat of fur or of hide, as the caller's number says (a quadruped's), is a choice of kinds.
    material: Type.Union([MaterialSchema, ChoiceSchema(MaterialSchema)]),
    part: Type.Optional(Type.String({ minLength: 1 })),
    primary: Type.Optional(Type.Boolean()),
    colour: Type.Optional(Type.Union([ColourSchema, FormulaSchema])),
    when: Type.Optional(FormulaSchema),
    ifSays: Type.Optional(Type.Array(PatternSchema, { minItems: 1 })),
    unlessSays: Type.Optional(Type.Array(PatternSchema, { minItems: 1 })),
    colourIfSays: Type.Optional(Type.Array(Type.Tuple([PatternSchema, ColourSchema]), { minItems: 1 })),
    promptColour: Type.Optional(Type.Literal(true)),
  },
  { additionalProperties: false },
);

/**
 * A joint of a legged form's skeleton (./joints.ts): `[name, parent, head]` or `[name, parent, head, when]`
 * (made only when the formula is not 0: a primate's tail joints when it has a tail).
 */
const JointSchema = Type.Union([
  Type.Tuple([JointNameSchema, Type.Union([JointNameSchema, Type.Null()]), Vec]),
  Type.Tuple([JointNameSchema, Type.Union([JointNameSchema, Type.Null()]), Vec, FormulaSchema]),
]);

/**
 * Parts repeated for each value of its names, with names of its own and a condition; its `joints` are
 * added to the row's skeleton as it is made, in its own names (a leg's joints where its own drawn foot is).
 * A running sum is `carry` and `next`: the `carry` names' first values, computed once before the first
 * turn, and `next`, computed after each turn in its names, their values in the turn after (a pagoda's
 * height as its tiers stack, a snowman's shrinking balls); `while` repeats the turns as long as its test
 * holds, as a repeat's does (./part-repeats.ts: an island's trees, as many as a bound drawn each turn).
 * A group's `use` is `[file, id]`: that row of another parts file, built in each turn before the group's
 * own parts, each of its file's `inputs` taking the turn's value of the same name (a house's storeys and
 * roof, which every building shares; an input the row reads must be named).
 */
const GroupSchema = Type.Recursive(
  (Group) =>
    Type.Object(
      {
        each: Type.Optional(Type.Array(EachSchema, { minItems: 1 })),
        let: Type.Optional(Type.Array(LetSchema, { minItems: 1 })),
        when: Type.Optional(FormulaSchema),
        carry: Type.Optional(Type.Array(LetSchema, { minItems: 1 })),
        while: Type.Optional(whileSchema(LetSchema)),
        next: Type.Optional(Type.Array(LetSchema, { minItems: 1 })),
        parts: Type.Optional(Type.Array(Type.Union([PartSchema, Group]), { minItems: 1 })),
        use: Type.Optional(Type.Tuple([Type.String({ minLength: 1 }), Type.String({ minLength: 1 })])),
        // A name of the file's `jointLists`: a joint list's shape several rows share (a leg's three joints).
        joints: Type.Optional(Type.Union([Type.Array(JointSchema, { minItems: 1 }), Type.String({ minLength: 1 })])),
      },
      { additionalProperties: false },
    ),
  { $id: 'PartGroup' },
);

/**
 * A legged form's skeleton: its rig type, where it comes from, and its joints, root first, added before
 * its groups' joints and checked against the rig type's required joints when the row is built.
 */
const SkeletonSchema = Type.Object(
  {
    rig: Type.Union([Type.Literal('humanoid'), Type.Literal('quadruped')]),
    source: Type.String({ minLength: 1 }),
    joints: Type.Array(JointSchema, { minItems: 1 }),
  },
  { additionalProperties: false },
);

const RowSchema = Type.Object(
  {
    id: Type.String({ minLength: 1 }),
    let: Type.Optional(Type.Array(LetSchema, { minItems: 1 })),
    parts: Type.Array(Type.Union([PartSchema, GroupSchema]), { minItems: 1 }),
    skeleton: Type.Optional(SkeletonSchema),
  },
  { additionalProperties: false },
);

export const PART_LIST_FILE_SCHEMA = Type.Object(
  {
    /** What the rows are, for a reader of the file. */
    about: Type.String(),
    /**
     * The names the caller gives every row beside the shape parameters (a fruit's size `r` and `colour`),
     * each with an example value to build the rows with alone (the tests do).
     */
    /**
     * The generator whose forms the rows are, keyed by its own names (a dish's vessel, a fruit's shape),
     * when they are not a category's profiles: their ids need not differ from other files'.
     */
    formsOf: Type.Optional(Type.String({ minLength: 1 })),
    inputs: Type.Optional(
      Type.Record(Type.String({ pattern: '^[A-Za-z_][A-Za-z0-9_]*$' }), Type.Union([Type.Number(), ColourSchema])),
    ),
    /** Joint lists several rows' groups share by name, placed by the names each group gives (a leg's `ux` …). */
    jointLists: Type.Optional(Type.Record(Type.String({ minLength: 1 }), Type.Array(JointSchema, { minItems: 1 }))),
    rows: Type.Array(RowSchema),
  },
  { additionalProperties: false },
);

export type PartShape = Static<typeof ShapeSchema>;
export type PartListRow = Static<typeof RowSchema>;
/** A row of fixed parts only, as scripts/text-part-lists.ts records them. */
export type FixedPartListRow = Omit<PartListRow, 'parts'> & { parts: PartListPart[] };
/** One part (not a group): what a row of fixed parts and a modifier's parts are made of. */
export const PART_SCHEMA = PartSchema;
export type PartListPart = Static<typeof PartSchema>;
type Part = PartListPart;
type Group = Static<typeof GroupSchema>;
type Let = Static<typeof LetSchema>;
type Joint = Static<typeof JointSchema>;

const isGroup = (item: Part | Group): item is Group => !('shape' in item);

/** Every part of a row, groups opened, in order. */
export function partsOf(items: readonly (Part | Group)[]): Part[] {
  return items.flatMap((item) => (isGroup(item) ? partsOf(item.parts ?? []) : [item]));
}

/** Every formula written in a value (strings starting with `=`, at any depth). */
function formulasIn(value: unknown): string[] {
  if (typeof value === 'string') return value.startsWith('=') ? [value] : [];
  if (Array.isArray(value)) return value.flatMap(formulasIn);
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(formulasIn);
  return [];
}

/** The names a row defines: every `let` and `each` in it (its own, its groups', its repeated shapes'). */
function namesDefined(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(namesDefined);
  if (typeof value !== 'object' || value === null) return [];
  const { let: lets, each, carry, next } = value as Record<string, unknown>;
  const own = [lets, each, carry, next].flatMap((list) =>
    Array.isArray(list) ? list.map((entry) => (entry as [string])[0]) : [],
  );
  return [...own, ...Object.values(value).flatMap(namesDefined)];
}
export type PartListFile = Static<typeof PART_LIST_FILE_SCHEMA>;

/** Every problem of a parsed part-list file (empty when it is sound): schema, arity, an id listed twice. */
export function partListProblems(file: unknown): string[] {
  const problem = firstSchemaError(PART_LIST_FILE_SCHEMA, file);
  if (problem) return [problem];
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const row of (file as PartListFile).rows) {
    if (seen.has(row.id)) problems.push(`${row.id}: listed twice`);
    seen.add(row.id);
    const known = new Set([
      ...namesDefined(row),
      ...Object.keys((file as PartListFile).inputs ?? {}),
      ...SHAPE_NAMES,
      ...Object.keys(FORMULA_CONSTANTS),
    ]);
    for (const formula of formulasIn([row.let, row.parts, row.skeleton]))
      try {
        for (const name of formulaNames(formula))
          if (!known.has(name)) problems.push(`${row.id}: ${formula} names ${name}, which the row does not define`);
      } catch (error) {
        problems.push(`${row.id}: ${(error as Error).message}`);
      }
    if (!row.skeleton && row.parts.some((item) => isGroup(item) && groupJoints(item).length))
      problems.push(`${row.id}: a group lists joints but the row has no skeleton`);
    partsOf(row.parts).forEach((part, k) => {
      for (const source of [
        ...(part.ifSays ?? []),
        ...(part.unlessSays ?? []),
        ...(part.colourIfSays ?? []).map((c) => c[0]),
      ])
        try {
          new RegExp(source);
        } catch {
          problems.push(`${row.id} part ${k}: ${source} is not a regular expression`);
        }
      const shapeProblem = firstSchemaError(ShapeSchema, { shape: part.shape, args: part.args, ops: part.ops });
      if (shapeProblem) problems.push(`${row.id} part ${k}: ${shapeProblem}`);
      const [least, most] = PRIMITIVE_ARITY[part.shape as PrimitiveName];
      if (part.args.length < least || part.args.length > most)
        problems.push(`${row.id} part ${k}: ${part.shape} takes ${least}–${most} arguments, not ${part.args.length}`);
    });
  }
  return problems;
}

const isShape = (value: unknown): value is PartShape =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && 'shape' in value;

/** The row language's names and loops, lent to ./part-repeats.ts. */
const repeatKit = (ctx: GenContext): RepeatKit => ({
  withLets: (lets, scope) => withLets(ctx, lets as Let[] | undefined, scope),
  eachValues: (values, scope) => eachValues(values as Static<typeof EachSchema>[1], scope),
});

/** The shape parameters a formula may name (./kit.ts ShapeParams; a flag counts as 1 or 0). */
const SHAPE_NAMES = [
  'long',
  'tall',
  'wide',
  'thick',
  'round',
  'lowPoly',
  'ornate',
  'simple',
  'cartoon',
  'segments',
] as const;

/** Shapes made of several primitives (./vessel-shapes.ts), named in rows as the primitives are. */
const COMPOUND_SHAPES = { hollowLathe, sideHandle, lumpy } as const;

/** A value with its formulas evaluated in `scope` (numbers, vectors, lists of points). */
function evaluated(value: unknown, scope: Scope): unknown {
  if (typeof value === 'string' && value.startsWith('=')) return compileFormula(value)(scope);
  if (Array.isArray(value)) return value.map((item) => (isShape(item) ? item : evaluated(item, scope)));
  return value;
}

/** The manifold a shape row describes, made with the context's own primitives (so the style's tessellation holds). */
export function shapeOf(ctx: GenContext, row: PartShape, scope: Scope = {}): Manifold {
  const arg = (value: unknown): unknown =>
    value === null
      ? undefined
      : isShape(value)
        ? shapeOf(ctx, value, scope)
        : Array.isArray(value)
          ? value.flatMap((item) =>
              isRepeat(item)
                ? copiesOf(item, scope, repeatKit(ctx), (copy, inner) =>
                    isShape(copy) ? shapeOf(ctx, copy, inner) : evaluated(copy, inner),
                  )
                : [isShape(item) ? shapeOf(ctx, item, scope) : evaluated(item, scope)],
            )
          : evaluated(value, scope);
  const compound = COMPOUND_SHAPES[row.shape as keyof typeof COMPOUND_SHAPES] as
    | ((ctx: GenContext, ...args: unknown[]) => Manifold)
    | undefined;
  const make = compound
    ? (...args: unknown[]) => compound(ctx, ...args)
    : (ctx[row.shape as Exclude<PrimitiveName, keyof typeof COMPOUND_SHAPES>] as (...args: unknown[]) => Manifold);
  let m = make(...row.args.map(arg));
  for (const [op, ...args] of row.ops ?? []) {
    const method = (m as unknown as Record<string, (...a: unknown[]) => Manifold>)[op];
    // A repeated operand is applied one copy at a time (a cheese's holes, each subtracted in turn).
    if (isRepeat(args[0]))
      for (const copy of copiesOf(args[0], scope, repeatKit(ctx), (item, inner) =>
        shapeOf(ctx, item as PartShape, inner),
      ))
        m = method.call(m, copy);
    else m = method.apply(m, args.map(arg));
  }
  return m;
}

/** How a row's part is painted: its part name, whether it is the primary surface, its colour (a palette name resolved). */
export function partPaint(part: { part?: string; primary?: boolean; colour?: string | readonly number[] }): {
  part?: string;
  primary?: boolean;
  colour?: RGB;
} {
  const colour = typeof part.colour === 'string' ? (PALETTE as Record<string, RGB>)[part.colour] : part.colour;
  const options: { part?: string; primary?: boolean; colour?: RGB } = {};
  if (part.part !== undefined) options.part = part.part;
  if (part.primary !== undefined) options.primary = part.primary;
  if (colour !== undefined) options.colour = colour as RGB;
  return options;
}

const patterns = new Map<string, RegExp>();
/** The pattern of a row's source, compiled once per source. */
function patternOf(source: string): RegExp {
  let pattern = patterns.get(source);
  if (!pattern) patterns.set(source, (pattern = new RegExp(source)));
  return pattern;
}

/** True when the lower-cased prompt matches the pattern. */
const promptSays = (ctx: GenContext, source: string): boolean => says(ctx, patternOf(source));

/** A palette name resolved to its colour; anything else as it is. */
const paletteColour = (value: unknown): unknown =>
  typeof value === 'string' && !value.startsWith('=') ? (PALETTE as Record<string, RGB>)[value] : value;

/** `scope` with the names of `lets` added in order, each computed from those before it. */
function withLets(ctx: GenContext, lets: readonly Let[] | undefined, scope: Scope): Scope {
  if (!lets) return scope;
  const own: Scope = { ...scope };
  for (const [name, value] of lets) own[name] = letValue(ctx, value, own);
  return own;
}

/** One `let` value in `own`: a formula, or what the prompt, the material or the seeded randomness gives. */
function letValue(ctx: GenContext, value: Let[1] | Static<typeof DrawnSchema>, own: Scope): number | readonly number[] {
  if (typeof value !== 'object' || Array.isArray(value)) return paletteColour(evaluated(value, own)) as number | RGB;
  if ('pick' in value) return paletteColour(evaluated(ctx.rng.pick(value.pick), own)) as number | RGB;
  if ('count' in value) {
    const [part, fallback, least, most] = evaluated(value.count, own) as [string, number, number, number];
    return ctx.count(part, fallback, least, most);
  }
  if ('says' in value) return +promptSays(ctx, value.says);
  if ('wordMatches' in value) return +patternOf(value.wordMatches).test(ctx.interpretation.word ?? '');
  if ('materialIs' in value) return +(ctx.interpretation.material === value.materialIs);
  if ('partSaid' in value || 'coloursSaid' in value) return promptTells(ctx, value);
  if ('random' in value) return ctx.rng.range(...(evaluated(value.random, own) as [number, number]));
  if ('randomInt' in value) return ctx.rng.int(...(evaluated(value.randomInt, own) as [number, number]));
  if ('nth' in value) {
    const items = value.nth[1];
    return paletteColour(evaluated(items[(evaluated(value.nth[0], own) as number) % items.length], own)) as number;
  }
  if ('if' in value) return letValue(ctx, compileFormula(value.if[0])(own) ? value.if[1] : value.if[2], own);
  if ('setting' in value) {
    const set = settingOf(ctx, value.setting[0], value.setting[1]);
    return set === undefined ? letValue(ctx, value.setting[2], own) : (paletteColour(set) as number | RGB);
  }
  if ('shade' in value) {
    // A colour darkened or lightened by a factor, each channel kept within 0…1 (a fruit's stem, its bracts).
    const [colour, k] = evaluated(value.shade, own) as [RGB, number];
    return colour.map((v) => Math.max(0, Math.min(1, v * k)));
  }
  // The prompt's colour, else the row's; a seeded pick is drawn only when the prompt names none.
  const fallback = value.colourSaid;
  return (
    ctx.interpretation.colours[0]?.rgb ??
    (paletteColour(
      !Array.isArray(fallback) && typeof fallback === 'object' ? ctx.rng.pick(fallback.pick) : fallback,
    ) as RGB)
  );
}

/** What the prompt tells beside its words: 1 when it names the part (`partSaid`), else how many colours it names. */
function promptTells(ctx: GenContext, value: { partSaid: string } | { coloursSaid: true }): number {
  return 'partSaid' in value ? +Boolean(ctx.partSpec(value.partSaid)) : ctx.interpretation.colours.length;
}

/** The values a group's name takes in turn. */
function eachValues(values: Static<typeof EachSchema>[1], scope: Scope): number[] {
  if (Array.isArray(values)) return values.map((value) => evaluated(value, scope) as number);
  if ('below' in values) return Array.from({ length: evaluated(values.below, scope) as number }, (_, k) => k);
  const [n, offset] = evaluated(values.around, scope) as [number, number?];
  return around(n, offset);
}

/** Every joint a group and the groups inside it list. */
function groupJoints(group: Group): Joint[] {
  return [
    ...(typeof group.joints === 'object' ? group.joints : []),
    ...(group.parts ?? []).flatMap((item) => (isGroup(item) ? groupJoints(item) : [])),
  ];
}

/** A name whose pieces may be chosen by formulas (a joint's side and place), evaluated in `scope`. */
function chosenName(name: Static<typeof JointNameSchema>, scope: Scope): string {
  if (typeof name === 'string') return name;
  return name.map((piece) => (typeof piece === 'string' ? piece : chosen(piece, scope))).join('');
}

/** The name at the formula's index. */
const chosen = <T>([index, names]: readonly [string, readonly T[]], scope: Scope): T =>
  names[compileFormula(index)(scope)];

/** Adds the joints made in `scope` (those whose `when` is not 0) to the list. */
function addJoints(joints: JointList, list: readonly Joint[], scope: Scope): void {
  for (const [name, parent, head, when] of list)
    if (!when || compileFormula(when)(scope))
      joints.add(
        chosenName(name, scope),
        parent === null ? null : chosenName(parent, scope),
        evaluated(head, scope) as Vec3,
      );
}

/**
 * Adds the items (parts and groups) the prompt asks for, in order, each in the colour the prompt picks,
 * and the groups' joints to `joints` as they are made.
 */
function buildItems(ctx: GenContext, items: readonly (Part | Group)[], scope: Scope, joints?: JointList): void {
  for (const item of items) {
    if (item.when && !compileFormula(item.when)(scope)) continue;
    if (isGroup(item)) {
      forEachCopy({ ...item, when: undefined }, scope, repeatKit(ctx), (own) => {
        if (item.use) buildUsed(ctx, item.use, own);
        buildItems(ctx, item.parts ?? [], own, joints);
        if (typeof item.joints === 'object' && joints) addJoints(joints, item.joints, own);
      });
      continue;
    }
    const part = item;
    if (part.ifSays && !part.ifSays.every((source) => promptSays(ctx, source))) continue;
    if (part.unlessSays?.some((source) => promptSays(ctx, source))) continue;
    const named = part.promptColour ? ctx.interpretation.colours[0]?.rgb : undefined;
    const said = named ? undefined : part.colourIfSays?.find(([source]) => promptSays(ctx, source));
    const colour = named ?? said?.[1] ?? evaluated(part.colour, scope);
    const paint = partPaint({ ...part, colour: colour as RGB | string | undefined });
    const material = typeof part.material === 'string' ? part.material : chosen(part.material, scope);
    ctx.add(shapeOf(ctx, part as PartShape, scope), material as MaterialKind, paint);
  }
}

/**
 * Adds the row's parts the prompt asks for to the context, in order, each in the colour the prompt picks;
 * `given` holds the values of the file's `inputs` (a fruit's size and colour, read by its caller).
 */
export function buildPartList(ctx: GenContext, row: PartListRow, given: Scope = {}): void {
  const s = ctx.s;
  const shape: Scope = {
    long: s.long,
    tall: s.tall,
    wide: s.wide,
    thick: s.thick,
    round: s.round,
    lowPoly: +s.lowPoly,
    ornate: +s.ornate,
    simple: +s.simple,
    cartoon: +s.cartoon,
    segments: s.segments,
    ...given,
  };
  const scope = withLets(ctx, row.let, shape);
  if (!row.skeleton) {
    buildItems(ctx, row.parts, scope);
    return;
  }
  // A joint may be placed by formulas over the row's own names (a robot's shoulder at its body's width),
  // or by a group's (a leg's at its own drawn foot).
  const joints = new JointList(row.skeleton.rig, row.skeleton.source);
  addJoints(joints, row.skeleton.joints, scope);
  buildItems(ctx, row.parts, scope, joints);
  ctx.skeleton = joints.finish();
}

/** The parsed, checked rows of `parts/<name>.json`; throws on the file's first problems. */
export function readPartListFile(name: string): PartListFile {
  const file = readRowFile(new URL(`./parts/${name}.json`, import.meta.url), `parts/${name}.json`, partListProblems);
  return withJointListsNamed(file as PartListFile, `parts/${name}.json`);
}

/** The file with every group's `joints` that names one of its `jointLists` given that list. */
function withJointListsNamed(file: PartListFile, label: string): PartListFile {
  const named = (items: readonly (Part | Group)[]): void => {
    for (const item of items.filter(isGroup)) {
      if (typeof item.joints === 'string') {
        const list = file.jointLists?.[item.joints];
        if (!list) throw new Error(`${label}: no joint list ${item.joints}`);
        item.joints = list;
      }
      named(item.parts ?? []);
    }
  };
  for (const row of file.rows) named(row.parts);
  return file;
}

/** The generators of the rows of `parts/<name>.json`, by id (a family spreads them into its rows). */
export function partLists(name: string): Record<string, Generator> {
  return Object.fromEntries(
    readPartListFile(name).rows.map((row): [string, Generator] => [row.id, (ctx) => buildPartList(ctx, row)]),
  );
}

const filesRead = new Map<string, { file: PartListFile; rows: Map<string, PartListRow> }>();

/** `parts/<name>.json` and its rows by id, read and checked on first use. */
function fileRead(name: string): { file: PartListFile; rows: Map<string, PartListRow> } {
  let read = filesRead.get(name);
  if (!read) {
    const file = readPartListFile(name);
    filesRead.set(name, (read = { file, rows: new Map(file.rows.map((row) => [row.id, row])) }));
  }
  return read;
}

/** Row `id` of `parts/<name>.json` (the file read and checked on first use), or undefined. */
export function partListRow(name: string, id: string): PartListRow | undefined {
  return fileRead(name).rows.get(id);
}

/** A group's `use`: row `id` of `parts/<name>.json` built with its inputs taken from `scope` by name. */
function buildUsed(ctx: GenContext, [name, id]: readonly [string, string], scope: Scope): void {
  const given: Scope = {};
  // An input the row does not read need not be named (a roof's kind, where only storeys are used).
  for (const input of Object.keys(fileRead(name).file.inputs ?? {})) if (input in scope) given[input] = scope[input];
  buildRow(ctx, name, id, given);
}

/** Builds row `id` of `parts/<name>.json` with the caller's inputs (a body plan with its proportion row). */
export function buildRow(ctx: GenContext, name: string, id: string, given: Scope = {}): void {
  const row = partListRow(name, id);
  if (!row) throw new Error(`parts/${name}.json has no row ${id}`);
  buildPartList(ctx, row, given);
}
