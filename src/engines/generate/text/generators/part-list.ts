/**
 * The one builder of forms that are a fixed list of parts (an anvil, a snow globe, a vending machine):
 * each row of `parts/*.json` is `{id, parts}`, each part one primitive of ./kit.ts (`shape` and its
 * `args` in the order of the `GenContext` method of that name), the operations applied to it in order
 * (`ops`: rotate, translate, scale, add/subtract/intersect another shape …), and how it is painted
 * (`material`, `part`, `primary`, `colour` — a name of ./palette.ts or an sRGB triple of the row's own).
 * What the prompt says may choose among a row's parts and colours, as data rather than word checks in
 * code: `ifSays` / `unlessSays` (patterns, each tested on the lower-cased prompt: the part is made only
 * when all of `ifSays` and none of `unlessSays` match) and `colourIfSays` (`[pattern, colour]` pairs, the
 * first that matches wins over `colour`) — a red stapler, a d20 rather than a six-sided die; and
 * `promptColour` (the part takes the first colour the prompt names, before either).
 * A legged form's row also names its `skeleton` (rig type and joints, ./joints.ts). Rows are checked
 * against PART_LIST_FILE_SCHEMA when their file loads, so a typo fails at start-up.
 */
import { type Static, Type } from '@sinclair/typebox';
import type { Manifold, Vec3 } from 'manifold-3d';
import type { MaterialKind } from '../understand/index.ts';
import { says, type GenContext, type Generator, type RGB } from './kit.ts';
import { DEFAULT_COLOURS } from './default-colours.ts';
import { JointList } from './joints.ts';
import * as PALETTE from './palette.ts';
import { ColourSchema, firstSchemaError, readRowFile } from './row-files.ts';

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
} as const satisfies Record<string, readonly [number, number]>;

export type PrimitiveName = keyof typeof PRIMITIVE_ARITY;

const Vec = Type.Array(Type.Number(), { minItems: 2, maxItems: 3 });

const ShapeSchema = Type.Recursive(
  (Shape) =>
    Type.Object(
      {
        shape: Type.Union(Object.keys(PRIMITIVE_ARITY).map((name) => Type.Literal(name))),
        /** In the order of the kit method's parameters; null leaves an optional one at its default. */
        args: Type.Array(
          Type.Union([
            Type.Number(),
            Type.Null(),
            Type.Union([Type.Literal('x'), Type.Literal('y'), Type.Literal('z')]),
            Vec,
            // A lathe's or prism's points, or the items a hull or union joins.
            Type.Array(Type.Union([Vec, Shape])),
          ]),
        ),
        ops: Type.Optional(
          Type.Array(
            Type.Union([
              Type.Tuple([Type.Literal('rotate'), Vec]),
              Type.Tuple([Type.Literal('translate'), Vec]),
              Type.Tuple([Type.Literal('scale'), Type.Union([Vec, Type.Number()])]),
              Type.Tuple([Type.Literal('mirror'), Vec]),
              Type.Tuple([Type.Literal('trimByPlane'), Vec, Type.Number()]),
              Type.Tuple([Type.Literal('refine'), Type.Number()]),
              Type.Tuple([Type.Literal('add'), Shape]),
              Type.Tuple([Type.Literal('subtract'), Shape]),
              Type.Tuple([Type.Literal('intersect'), Shape]),
            ]),
          ),
        ),
      },
      { additionalProperties: false },
    ),
  { $id: 'PartShape' },
);

/** A regular expression's source, tested on the lower-cased prompt (as ./kit.ts `says` does). */
const PatternSchema = Type.String({ minLength: 1 });

const PartSchema = Type.Object(
  {
    shape: Type.Union(Object.keys(PRIMITIVE_ARITY).map((name) => Type.Literal(name))),
    args: Type.Array(Type.Unknown()),
    ops: Type.Optional(Type.Array(Type.Unknown())),
    material: Type.Union(Object.keys(DEFAULT_COLOURS).map((kind) => Type.Literal(kind))),
    part: Type.Optional(Type.String({ minLength: 1 })),
    primary: Type.Optional(Type.Boolean()),
    colour: Type.Optional(ColourSchema),
    ifSays: Type.Optional(Type.Array(PatternSchema, { minItems: 1 })),
    unlessSays: Type.Optional(Type.Array(PatternSchema, { minItems: 1 })),
    colourIfSays: Type.Optional(Type.Array(Type.Tuple([PatternSchema, ColourSchema]), { minItems: 1 })),
    promptColour: Type.Optional(Type.Literal(true)),
  },
  { additionalProperties: false },
);

/**
 * A legged form's skeleton (./joints.ts): its rig type, where it comes from, and each joint as
 * `[name, parent, head]`, root first, checked against the rig type's required joints when built.
 */
const SkeletonSchema = Type.Object(
  {
    rig: Type.Union([Type.Literal('humanoid'), Type.Literal('quadruped')]),
    source: Type.String({ minLength: 1 }),
    joints: Type.Array(Type.Tuple([Type.String(), Type.Union([Type.String(), Type.Null()]), Vec]), { minItems: 1 }),
  },
  { additionalProperties: false },
);

const RowSchema = Type.Object(
  {
    id: Type.String({ minLength: 1 }),
    parts: Type.Array(PartSchema, { minItems: 1 }),
    skeleton: Type.Optional(SkeletonSchema),
  },
  { additionalProperties: false },
);

export const PART_LIST_FILE_SCHEMA = Type.Object(
  {
    /** What the rows are, for a reader of the file. */
    about: Type.String(),
    rows: Type.Array(RowSchema),
  },
  { additionalProperties: false },
);

export type PartShape = Static<typeof ShapeSchema>;
export type PartListRow = Static<typeof RowSchema>;
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
    row.parts.forEach((part, k) => {
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

/** The manifold a shape row describes, made with the context's own primitives (so the style's tessellation holds). */
export function shapeOf(ctx: GenContext, row: PartShape): Manifold {
  const arg = (value: unknown): unknown =>
    value === null
      ? undefined
      : isShape(value)
        ? shapeOf(ctx, value)
        : Array.isArray(value)
          ? value.map((item) => (isShape(item) ? shapeOf(ctx, item) : item))
          : value;
  const make = ctx[row.shape as PrimitiveName] as (...args: unknown[]) => Manifold;
  let m = make(...row.args.map(arg));
  for (const [op, ...args] of row.ops ?? []) {
    const method = (m as unknown as Record<string, (...a: unknown[]) => Manifold>)[op];
    m = method.apply(m, args.map(arg));
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
/** True when the lower-cased prompt matches the pattern (compiled once per source). */
function promptSays(ctx: GenContext, source: string): boolean {
  let pattern = patterns.get(source);
  if (!pattern) patterns.set(source, (pattern = new RegExp(source)));
  return says(ctx, pattern);
}

/** Adds the row's parts the prompt asks for to the context, in order, each in the colour the prompt picks. */
export function buildPartList(ctx: GenContext, row: PartListRow): void {
  for (const part of row.parts) {
    if (part.ifSays && !part.ifSays.every((source) => promptSays(ctx, source))) continue;
    if (part.unlessSays?.some((source) => promptSays(ctx, source))) continue;
    const named = part.promptColour ? ctx.interpretation.colours[0]?.rgb : undefined;
    const said = named ? undefined : part.colourIfSays?.find(([source]) => promptSays(ctx, source));
    const paint = partPaint(named ? { ...part, colour: named } : said ? { ...part, colour: said[1] } : part);
    ctx.add(shapeOf(ctx, part as PartShape), part.material as MaterialKind, paint);
  }
  if (!row.skeleton) return;
  const joints = new JointList(row.skeleton.rig, row.skeleton.source);
  for (const [name, parent, head] of row.skeleton.joints) joints.add(name, parent, head as Vec3);
  ctx.skeleton = joints.finish();
}

/** The parsed, checked rows of `parts/<name>.json`; throws on the file's first problems. */
export function readPartListFile(name: string): PartListFile {
  return readRowFile(
    new URL(`./parts/${name}.json`, import.meta.url),
    `parts/${name}.json`,
    partListProblems,
  ) as PartListFile;
}

/** The generators of the rows of `parts/<name>.json`, by id (a family spreads them into its rows). */
export function partLists(name: string): Record<string, Generator> {
  return Object.fromEntries(
    readPartListFile(name).rows.map((row): [string, Generator] => [row.id, (ctx) => buildPartList(ctx, row)]),
  );
}
