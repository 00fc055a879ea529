/**
 * One-off conversion of the text engine's static per-noun builders into part-list rows (issue #29).
 *
 * Each builder of every `Record<string, Generator>` table of `generators/**` is run against a
 * recording `GenContext`: its primitives return records of the call, the operations on them (rotate,
 * translate, add …) are appended to the record, and `add` stores the part. A builder that reads
 * anything of the prompt (`s`, `rng`, `interpretation`, `count`, `partSpec`, `carried`, `skeleton`,
 * `M`) or calls a manifold method the part list cannot say is not static and stays code — except the
 * patterns it tests on the prompt (`says`) and whether the prompt names a colour: the builder is
 * recorded under every answer of those, and each part gets `ifSays`/`unlessSays`/`colourIfSays`/
 * `promptColour` (second pass, issue #29 part B). Each static
 * builder's rows are then replayed through ./../src/engines/generate/text/generators/part-list.ts
 * against real contexts in three styles (default, low-poly, fast) and must give byte-identical
 * meshes, materials and colours to the builder's own; only then is the row written.
 *
 *   npx tsx scripts/text-part-lists.ts            # report which builders are static (writes nothing)
 *   npx tsx scripts/text-part-lists.ts --write    # write generators/parts/*.json and remove the builders
 *
 * `--write` edits the table sources with the TypeScript parser: each static entry is removed and the
 * table spreads `...partLists('<file>')` instead. The numbers are the builders' own doubles, never retyped.
 * It was run once (commit "170 static per-noun builders become part-list rows"); the table and file names
 * below are those of that run (objects-more.ts, rows-more.ts … were merged afterwards). Run again, it
 * reports the builders that are still code and would turn any new static one into rows; it refuses to
 * overwrite a part-list file that exists.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import ts from 'typescript';
import type { Manifold, ManifoldToplevel } from 'manifold-3d';
import { manifoldModule, withArena } from '../src/engines/generate/text/generators/arena.ts';
import {
  createContext,
  createRng,
  shapeParams,
  type GenContext,
  type Generator,
  type RGB,
} from '../src/engines/generate/text/generators/kit.ts';
import {
  buildPartList,
  PRIMITIVE_ARITY,
  partListProblems,
  type FixedPartListRow as PartListRow,
  type PartListPart,
} from '../src/engines/generate/text/generators/part-list.ts';
import * as PALETTE from '../src/engines/generate/text/generators/palette.ts';
import { interpretPrompt } from '../src/engines/generate/text/understand/index.ts';

const GENERATORS_DIR = new URL('../src/engines/generate/text/generators/', import.meta.url);
const OPERATIONS = new Set([
  'rotate',
  'translate',
  'scale',
  'mirror',
  'trimByPlane',
  'refine',
  'add',
  'subtract',
  'intersect',
]);
const PROMPT_INPUTS = new Set(['M', 'rng', 's', 'parts', 'carried', 'skeleton', 'count', 'partSpec']);

class NotStatic extends Error {}

/**
 * What a builder reads of the prompt through `says` (../src/engines/generate/text/generators/kit.ts): the
 * recording context's prompt is this marker, and while `decide` is set every pattern tested on it (or,
 * in a replay, on any prompt) answers as `decide` says and is remembered in `asked`.
 */
const PROMPT_MARK = '\u0000the prompt\u0000';
/** The prompt naming a colour is one more answer to record under: the part then takes `MARK_RGB` (`promptColour`). */
const NAMES_A_COLOUR = '(the prompt names a colour)';
const MARK_RGB: RGB = [0.123, 0.456, 0.789];
const nativeTest = RegExp.prototype.test;
let decide: ((source: string) => boolean) | undefined;
const asked = new Set<string>();
RegExp.prototype.test = function test(this: RegExp, input: string): boolean {
  if (!decide || (input !== PROMPT_MARK && !asked.has(this.source))) return nativeTest.call(this, input);
  if (this.flags) throw new NotStatic(`a pattern with flags /${this.source}/${this.flags}`);
  asked.add(this.source);
  return decide(this.source);
};

type Node = { shape: string; args: unknown[]; ops?: unknown[][] };
const RECORD = Symbol('record');
interface Recorded {
  [RECORD]: Node;
}

function serialise(value: unknown): unknown {
  if (value === undefined) return null;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new NotStatic('a number that is not finite');
    return Object.is(value, -0) ? 0 : value;
  }
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map((item) => serialise(item) ?? 0);
  if (value && typeof value === 'object' && RECORD in value) return (value as Recorded)[RECORD];
  throw new NotStatic(`an argument the part list cannot say (${typeof value})`);
}

function recorded(node: Node): Recorded {
  const target = { [RECORD]: node } as Recorded;
  return new Proxy(target, {
    get(t, key) {
      if (key === RECORD) return t[RECORD];
      if (typeof key === 'string' && OPERATIONS.has(key))
        return (...args: unknown[]) => recorded({ ...node, ops: [...(node.ops ?? []), [key, ...args.map(serialise)]] });
      throw new NotStatic(`manifold.${String(key)}`);
    },
  });
}

function argsOf(args: unknown[]): unknown[] {
  const out = args.map(serialise);
  while (out.length && out[out.length - 1] === null) out.pop();
  return out;
}

/** A context whose primitives record their calls; reading any input of the prompt throws NotStatic. */
function recordingContext(row: PartListRow): GenContext {
  const methods: Record<string, unknown> = {
    add(m: unknown, material: string, options: { part?: string; primary?: boolean; colour?: RGB } = {}) {
      if (!m || typeof m !== 'object' || !(RECORD in m)) throw new NotStatic('add of something not recorded');
      const part: PartListPart = { ...(m as Recorded)[RECORD], material } as never;
      if (options.part !== undefined) part.part = options.part;
      if (options.primary !== undefined) part.primary = options.primary;
      if (options.colour !== undefined) part.colour = [...options.colour] as RGB;
      row.parts.push(part);
    },
  };
  for (const shape of Object.keys(PRIMITIVE_ARITY))
    methods[shape] = (...args: unknown[]) => recorded({ shape, args: argsOf(args) });
  const interpretation = new Proxy(
    {},
    {
      get(_t, key) {
        if (key === 'prompt') return { toLowerCase: () => PROMPT_MARK };
        if (key === 'colours') {
          asked.add(NAMES_A_COLOUR);
          return decide?.(NAMES_A_COLOUR) ? [{ rgb: [...MARK_RGB] }] : [];
        }
        throw new NotStatic(`reads ctx.interpretation.${String(key)}`);
      },
    },
  );
  return new Proxy(methods, {
    get(t, key) {
      if (key === 'interpretation') return interpretation;
      if (typeof key === 'string' && PROMPT_INPUTS.has(key)) throw new NotStatic(`reads ctx.${key}`);
      if (typeof key === 'string' && key in t) return t[key];
      throw new NotStatic(`ctx.${String(key)}`);
    },
    set(_t, key) {
      throw new NotStatic(`sets ctx.${String(key)}`);
    },
  }) as unknown as GenContext;
}

/** The builder's parts when every pattern it tests answers as `answer` says, else why it cannot be recorded. */
function recordOnce(id: string, build: Generator, answer: (source: string) => boolean): PartListRow | string {
  const row: PartListRow = { id, parts: [] };
  decide = answer;
  try {
    build(recordingContext(row));
  } catch (error) {
    if (error instanceof NotStatic) return error.message;
    return `throws ${(error as Error).message}`;
  } finally {
    decide = undefined;
  }
  return row.parts.length ? row : 'adds nothing';
}

type Part = PartListPart;
type Answers = Map<string, boolean>;

/** Every way the patterns can answer, each pattern on its own (more than the prompts can say, so a row that matches all of them matches the builder). */
function answerings(sources: string[]): Answers[] {
  return Array.from(
    { length: 2 ** sources.length },
    (_, n) => new Map(sources.map((s, k) => [s, Boolean(n & (1 << k))])),
  );
}

/** The fewest patterns that must and must not match for the part to be made exactly where it is. */
function conditionOf(
  sources: string[],
  all: Answers[],
  present: boolean[],
): Pick<Part, 'ifSays' | 'unlessSays'> | undefined {
  if (present.every(Boolean)) return {};
  // Whether the prompt names a colour never decides whether a part is made.
  const patterns = sources.filter((s) => s !== NAMES_A_COLOUR);
  let best: Pick<Part, 'ifSays' | 'unlessSays'> | undefined;
  let bestSize = Infinity;
  for (let n = 0; n < 3 ** patterns.length; n++) {
    const ifSays: string[] = [];
    const unlessSays: string[] = [];
    let m = n;
    for (const source of patterns) {
      if (m % 3 === 1) ifSays.push(source);
      if (m % 3 === 2) unlessSays.push(source);
      m = Math.floor(m / 3);
    }
    if (ifSays.length + unlessSays.length >= bestSize) continue;
    const holds = all.every(
      (a, k) => present[k] === (ifSays.every((s) => a.get(s)) && !unlessSays.some((s) => a.get(s))),
    );
    if (!holds) continue;
    best = { ...(ifSays.length ? { ifSays } : {}), ...(unlessSays.length ? { unlessSays } : {}) };
    bestSize = ifSays.length + unlessSays.length;
  }
  return best;
}

/** The part's colour and the patterns that change it (first match wins), or undefined when no such list says it. */
function colourOf(
  sources: string[],
  where: Answers[],
  colours: (Part['colour'] | undefined)[],
): Pick<Part, 'colour' | 'colourIfSays'> | undefined {
  const key = (c: unknown) => JSON.stringify(c ?? null);
  let left = where.map((a, k) => ({ a, colour: colours[k] }));
  const named = left.filter((l) => l.a.get(NAMES_A_COLOUR));
  const marked = named.filter((l) => key(l.colour) === key(MARK_RGB));
  if (marked.length && marked.length < named.length) return undefined;
  const promptColour = marked.length > 0;
  if (promptColour) left = left.filter((l) => !l.a.get(NAMES_A_COLOUR));
  const rules: [string, NonNullable<Part['colour']>][] = [];
  const unused = sources.filter((s) => s !== NAMES_A_COLOUR);
  while (new Set(left.map((l) => key(l.colour))).size > 1) {
    const found = unused.find((s) => {
      const said = left.filter((l) => l.a.get(s));
      return said.length > 0 && new Set(said.map((l) => key(l.colour))).size === 1 && said[0].colour !== undefined;
    });
    if (!found) return undefined;
    rules.push([found, left.find((l) => l.a.get(found))?.colour as NonNullable<Part['colour']>]);
    unused.splice(unused.indexOf(found), 1);
    left = left.filter((l) => !l.a.get(found));
  }
  const colour = left[0]?.colour;
  return {
    ...(colour !== undefined ? { colour } : {}),
    ...(rules.length ? { colourIfSays: rules } : {}),
    ...(promptColour ? { promptColour: true as const } : {}),
  };
}

/**
 * The builder as one row when it reads nothing of the prompt but the patterns it tests (`says`): it is
 * recorded under every way those patterns can answer, the parts are lined up across the recordings, and
 * each part gets the patterns that make it and pick its colour. Else why not.
 */
function record(id: string, build: Generator): PartListRow | string {
  const sources: string[] = [];
  for (;;) {
    if (sources.length > 6) return `tests more than six patterns`;
    const all = answerings(sources);
    asked.clear();
    const rows: PartListRow[] = [];
    for (const a of all) {
      const row = recordOnce(id, build, (source) => a.get(source) ?? false);
      if (typeof row === 'string') return row;
      rows.push(row);
    }
    const fresh = [...asked].filter((s) => !sources.includes(s));
    if (fresh.length) {
      sources.push(...fresh);
      continue;
    }
    if (!sources.length) return rows[0];
    // Line the parts up: a part is its shape, material and name (not its colour) and its occurrence.
    const keyOf = (p: Part) => JSON.stringify({ ...p, colour: undefined });
    const named = rows.map((row) => {
      const seen = new Map<string, number>();
      return row.parts.map((p) => {
        const k = keyOf(p);
        seen.set(k, (seen.get(k) ?? 0) + 1);
        return { id: `${k}#${seen.get(k)}`, part: p };
      });
    });
    const order: string[] = [];
    const after = new Map<string, Set<string>>();
    for (const parts of named)
      parts.forEach((p, k) => {
        if (!after.has(p.id)) {
          after.set(p.id, new Set());
          order.push(p.id);
        }
        for (const q of parts.slice(0, k)) after.get(p.id)?.add(q.id);
      });
    const placed: string[] = [];
    while (placed.length < order.length) {
      const next = order.find((u) => !placed.includes(u) && [...(after.get(u) ?? [])].every((q) => placed.includes(q)));
      if (!next) return 'its parts come in different orders';
      placed.push(next);
    }
    const parts: Part[] = [];
    for (const u of placed) {
      const present = named.map((parts) => parts.some((p) => p.id === u));
      const condition = conditionOf(sources, all, present);
      if (!condition) return `no pattern list says when one of its parts is made`;
      const where = all.filter((_, k) => present[k]);
      const colours = named.flatMap((parts) => parts.filter((p) => p.id === u).map((p) => p.part.colour));
      const colour = colourOf(sources, where, colours);
      if (!colour) return 'no pattern list says the colour of one of its parts';
      const { colour: _drop, ...shape } = named.flatMap((parts) => parts.filter((p) => p.id === u))[0].part;
      parts.push({ ...shape, ...colour, ...condition } as Part);
    }
    return { id, parts };
  }
}

/** A palette name for a colour the palette holds exactly, so a named colour is written by its name. */
const PALETTE_NAMES = new Map(
  Object.entries(PALETTE)
    .filter(([, v]) => Array.isArray(v))
    .map(([name, rgb]) => [JSON.stringify(rgb), name]),
);
function named(row: PartListRow): PartListRow {
  const name = (colour: unknown) => (PALETTE_NAMES.get(JSON.stringify(colour)) ?? colour) as never;
  for (const part of row.parts) {
    if (Array.isArray(part.colour)) part.colour = name(part.colour);
    for (const said of part.colourIfSays ?? []) if (Array.isArray(said[1])) said[1] = name(said[1]);
  }
  return row;
}

function meshKey(m: Manifold): string {
  const mesh = m.getMesh();
  return `${Buffer.from(mesh.vertProperties.buffer, mesh.vertProperties.byteOffset, mesh.vertProperties.byteLength).toString('base64')}|${Buffer.from(mesh.triVerts.buffer, mesh.triVerts.byteOffset, mesh.triVerts.byteLength).toString('base64')}`;
}

const STYLES = ['a plain thing', 'a low-poly thing', 'a fast thing'] as const;

/** True when the row, replayed, makes exactly what the builder makes in each style. */
function sameBuild(M: ManifoldToplevel, build: Generator, row: PartListRow): boolean {
  const sources = [
    ...new Set(
      row.parts.flatMap((p) => [
        ...(p.ifSays ?? []),
        ...(p.unlessSays ?? []),
        ...(p.colourIfSays ?? []).map((c) => c[0]),
      ]),
    ),
  ];
  return answerings(sources).every((a) => {
    asked.clear();
    for (const source of sources) asked.add(source);
    try {
      return sameBuildAnswered(M, build, row, (source) => a.get(source) ?? false);
    } finally {
      asked.clear();
    }
  });
}

function sameBuildAnswered(
  M: ManifoldToplevel,
  build: Generator,
  row: PartListRow,
  answer: (source: string) => boolean,
): boolean {
  const prompts = STYLES.map((prompt) =>
    interpretPrompt(answer(NAMES_A_COLOUR) ? prompt.replace(' thing', ' teal thing') : prompt),
  );
  return STYLES.every((_prompt, k) =>
    withArena(() => {
      const i = prompts[k];
      decide = answer;
      const context = () =>
        createContext(M, createRng(7), shapeParams(i, false, createRng(7), k === 2, k === 2 ? 4000 : Infinity), i);
      const own = context();
      build(own);
      const replayed = context();
      buildPartList(replayed, row);
      decide = undefined;
      if (own.parts.length !== replayed.parts.length) return false;
      return own.parts.every((p, n) => {
        const q = replayed.parts[n];
        return (
          p.material === q.material &&
          p.part === q.part &&
          p.primary === q.primary &&
          JSON.stringify(p.colour) === JSON.stringify(q.colour) &&
          meshKey(p.manifold) === meshKey(q.manifold)
        );
      });
    }),
  );
}

interface Table {
  file: string;
  name: string;
  entries: Record<string, Generator>;
}

async function tables(): Promise<Table[]> {
  const out: Table[] = [];
  const dirs = ['', 'families/'];
  for (const dir of dirs)
    for (const name of readdirSync(new URL(dir, GENERATORS_DIR))) {
      if (!name.endsWith('.ts') || ['registry.ts', 'part-list.ts', 'build.ts'].includes(name)) continue;
      const file = `${dir}${name}`;
      const source = readFileSync(new URL(file, GENERATORS_DIR), 'utf8');
      const mod = (await import(new URL(file, GENERATORS_DIR).href)) as Record<string, unknown>;
      for (const [exported, value] of Object.entries(mod)) {
        if (!new RegExp(`export const ${exported}: Record<string, Generator> = \\{`).test(source)) continue;
        out.push({ file, name: exported, entries: value as Record<string, Generator> });
      }
    }
  return out;
}

/** The part-list file each table's static rows go to, named by what they hold (else by the table's name). */
const DATA_FILES: Record<string, string> = {
  ROWS: 'baked',
  LANDMARKS: 'structures',
  MORE_OBJECTS: 'curios',
  MORE_ROWS: 'poles',
  CORE_ROWS: 'poles',
  MACHINE_ROWS: 'machines',
};
function dataFileOf(table: Table): string {
  return (
    DATA_FILES[table.name] ??
    table.name
      .toLowerCase()
      .replace(/^more_/, '')
      .replace(/_/g, '-')
  );
}

/** Tables left as code: the living things' body plans are converted on their own (issue #29, part A). */
const LEFT_AS_CODE = new Set(['MYTHICAL', 'SEA_INVERTEBRATES', 'SPECIES', 'BIRDS', 'FISH']);
const tablesAt = process.argv.indexOf('--tables');
/** `--tables DESK,SIGNS`: convert only these tables (one family per commit). */
const ONLY_TABLES = tablesAt > 0 ? new Set(process.argv[tablesAt + 1].split(',')) : undefined;

/** Writes the rows to `parts/<name>.json`, after the rows the file holds already. */
function writeRows(name: string, about: string, fresh: PartListRow[]): void {
  const url = new URL(`parts/${name}.json`, GENERATORS_DIR);
  const old = existsSync(url)
    ? (JSON.parse(readFileSync(url, 'utf8')) as { about: string; rows: PartListRow[] })
    : undefined;
  // A row of the file the table's own entry overrode (the entry came after the spread) is replaced.
  const freshIds = new Set(fresh.map((row) => row.id));
  const rows = [...(old?.rows ?? []).filter((row) => !freshIds.has(row.id)), ...fresh];
  about = old?.about ?? about;
  const line = (value: unknown) => JSON.stringify(value);
  const body = rows
    .map(
      (row) =>
        `    {"id": ${line(row.id)}, "parts": [\n${row.parts.map((p) => `      ${line(p)}`).join(',\n')}\n    ]}`,
    )
    .join(',\n');
  const text = `{\n  "about": ${line(about)},\n  "rows": [\n${body}\n  ]\n}\n`;
  const problems = partListProblems(JSON.parse(text));
  if (problems.length) throw new Error(`${name}: ${problems.join('; ')}`);
  writeFileSync(url, text);
}

/** Removes the table's static entries from its source and spreads the part lists in their place. */
function removeEntries(table: Table, ids: Set<string>, dataFile: string): void {
  const url = new URL(table.file, GENERATORS_DIR);
  let text = readFileSync(url, 'utf8');
  const sourceFile = ts.createSourceFile(table.file, text, ts.ScriptTarget.ES2022, true);
  let literal: ts.ObjectLiteralExpression | undefined;
  sourceFile.forEachChild((node) => {
    if (!ts.isVariableStatement(node)) return;
    for (const d of node.declarationList.declarations)
      if (
        ts.isIdentifier(d.name) &&
        d.name.text === table.name &&
        d.initializer &&
        ts.isObjectLiteralExpression(d.initializer)
      )
        literal = d.initializer;
  });
  if (!literal) throw new Error(`${table.name}: no object literal in ${table.file}`);
  const cuts: [number, number][] = [];
  for (const property of literal.properties) {
    if (!ts.isPropertyAssignment(property) && !ts.isShorthandPropertyAssignment(property)) continue;
    const key = property.name;
    const id = ts.isIdentifier(key) || ts.isStringLiteral(key) ? key.text : undefined;
    if (!id || !ids.has(id)) continue;
    let end = property.end;
    if (text[end] === ',') end += 1;
    cuts.push([property.getFullStart(), end]);
  }
  for (const [start, end] of cuts.sort((a, b) => b[0] - a[0])) text = text.slice(0, start) + text.slice(end);
  const open = literal.getStart() + 1;
  if (!text.includes(`...partLists('${dataFile}')`))
    text = `${text.slice(0, open)}\n  ...partLists('${dataFile}'),${text.slice(open)}`;
  const depth = table.file.startsWith('families/') ? '../' : './';
  if (!text.includes('part-list.ts'))
    text = text.replace(/(\nimport [^\n]*;\n)(?!import)/, `$1import { partLists } from '${depth}part-list.ts';\n`);
  writeFileSync(url, text);
}

async function main(): Promise<void> {
  const write = process.argv.includes('--write');
  const M = await manifoldModule();
  let total = 0;
  let staticCount = 0;
  const kept: string[] = [];
  for (const table of await tables()) {
    if (LEFT_AS_CODE.has(table.name) || (ONLY_TABLES && !ONLY_TABLES.has(table.name))) continue;
    const rows: PartListRow[] = [];
    for (const [id, build] of Object.entries(table.entries)) {
      if (String(build).includes('buildPartList')) continue; // a row already
      total++;
      const row = record(id, build);
      if (typeof row === 'string') {
        kept.push(`${table.name}.${id}: ${row}`);
        continue;
      }
      if (!sameBuild(M, build, row)) {
        kept.push(`${table.name}.${id}: replay differs`);
        continue;
      }
      rows.push(named(row));
    }
    staticCount += rows.length;
    console.log(
      `${table.file} ${table.name}: ${rows.length}/${Object.keys(table.entries).length} static → ${dataFileOf(table)}`,
    );
    if (write && rows.length) {
      writeRows(dataFileOf(table), `${table.name} rows of ${table.file}`, rows);
      removeEntries(table, new Set(rows.map((r) => r.id)), dataFileOf(table));
    }
  }
  console.log(`\n${staticCount} of ${total} table builders are static part lists; kept as code:`);
  for (const line of kept) console.log(`  ${line}`);
}

await main();
