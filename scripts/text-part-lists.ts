/**
 * One-off conversion of the text engine's static per-noun builders into part-list rows (issue #29).
 *
 * Each builder of every `Record<string, Generator>` table of `generators/**` is run against a
 * recording `GenContext`: its primitives return records of the call, the operations on them (rotate,
 * translate, add …) are appended to the record, and `add` stores the part. A builder that reads
 * anything of the prompt (`s`, `rng`, `interpretation`, `count`, `partSpec`, `carried`, `skeleton`,
 * `M`) or calls a manifold method the part list cannot say is not static and stays code. Each static
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
  type PartListRow,
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
const PROMPT_INPUTS = new Set(['M', 'rng', 's', 'interpretation', 'parts', 'carried', 'skeleton', 'count', 'partSpec']);

class NotStatic extends Error {}

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
      const part: PartListRow['parts'][number] = { ...(m as Recorded)[RECORD], material } as never;
      if (options.part !== undefined) part.part = options.part;
      if (options.primary !== undefined) part.primary = options.primary;
      if (options.colour !== undefined) part.colour = [...options.colour] as RGB;
      row.parts.push(part);
    },
  };
  for (const shape of Object.keys(PRIMITIVE_ARITY))
    methods[shape] = (...args: unknown[]) => recorded({ shape, args: argsOf(args) });
  return new Proxy(methods, {
    get(t, key) {
      if (typeof key === 'string' && PROMPT_INPUTS.has(key)) throw new NotStatic(`reads ctx.${key}`);
      if (typeof key === 'string' && key in t) return t[key];
      throw new NotStatic(`ctx.${String(key)}`);
    },
    set(_t, key) {
      throw new NotStatic(`sets ctx.${String(key)}`);
    },
  }) as unknown as GenContext;
}

/** The builder's rows when it is static, else why not. */
function record(id: string, build: Generator): PartListRow | string {
  const row: PartListRow = { id, parts: [] };
  try {
    build(recordingContext(row));
  } catch (error) {
    if (error instanceof NotStatic) return error.message;
    return `throws ${(error as Error).message}`;
  }
  return row.parts.length ? row : 'adds nothing';
}

/** A palette name for a colour the palette holds exactly, so a named colour is written by its name. */
const PALETTE_NAMES = new Map(
  Object.entries(PALETTE)
    .filter(([, v]) => Array.isArray(v))
    .map(([name, rgb]) => [JSON.stringify(rgb), name]),
);
function named(row: PartListRow): PartListRow {
  for (const part of row.parts)
    if (Array.isArray(part.colour))
      part.colour = (PALETTE_NAMES.get(JSON.stringify(part.colour)) ?? part.colour) as never;
  return row;
}

function meshKey(m: Manifold): string {
  const mesh = m.getMesh();
  return `${Buffer.from(mesh.vertProperties.buffer, mesh.vertProperties.byteOffset, mesh.vertProperties.byteLength).toString('base64')}|${Buffer.from(mesh.triVerts.buffer, mesh.triVerts.byteOffset, mesh.triVerts.byteLength).toString('base64')}`;
}

const STYLES = ['a plain thing', 'a low-poly thing', 'a fast thing'] as const;

/** True when the row, replayed, makes exactly what the builder makes in each style. */
function sameBuild(M: ManifoldToplevel, build: Generator, row: PartListRow): boolean {
  return STYLES.every((prompt, k) =>
    withArena(() => {
      const i = interpretPrompt(prompt);
      const context = () =>
        createContext(M, createRng(7), shapeParams(i, false, createRng(7), k === 2, k === 2 ? 4000 : Infinity), i);
      const own = context();
      build(own);
      const replayed = context();
      buildPartList(replayed, row);
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

/** Tables left as code: the mythical creatures are being given skeletons in parallel (issue #29 brief). */
const LEFT_AS_CODE = new Set(['MYTHICAL']);

function writeRows(name: string, about: string, rows: PartListRow[]): void {
  if (existsSync(new URL(`parts/${name}.json`, GENERATORS_DIR))) throw new Error(`parts/${name}.json exists`);
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
  writeFileSync(new URL(`parts/${name}.json`, GENERATORS_DIR), text);
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
    if (LEFT_AS_CODE.has(table.name)) continue;
    const rows: PartListRow[] = [];
    for (const [id, build] of Object.entries(table.entries)) {
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
