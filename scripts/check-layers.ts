/**
 * The layer check (docs/design.md "Layers"): reads every import in src/ with the TypeScript parser and
 * reports (1) an import from one part of src/ into a part it may not use, (2) a cycle between the
 * parts of src/, and (3) a cycle between files. Run `npx tsx scripts/check-layers.ts`; test/architecture/layers.test.ts runs it in
 * `npm test`.
 *
 * A "part" is a top-level folder of src/ (`api`, `tasks`, …) or a top-level file (`services.ts`,
 * `errors.ts`, …). The parts, top to bottom:
 *
 *   cli → services.ts → api → tasks → {queue, accounts} → store
 *   cli → clients (the TypeScript SDK in clients/ts, which imports nothing of src/)
 *                              tasks → engines → geometry
 *   domain, config.ts, errors.ts, logger.ts: below every layer that uses them; they import no layer.
 *   (config.ts may be split into top-level `*-config.ts` / `config-*.ts` modules: they count as config.ts.)
 *
 * - `domain/` is pure: at run time it imports only `errors.ts` (the one catalogue its refusals come
 *   from), and even type-only imports stay inside domain.
 * - `geometry/` is a leaf: only `logger.ts` (a logger is passed in; the silent default lives there).
 * - `api/` may use engines' types but never loads an engine (prompt parsing and WordNet stay out of the
 *   API process's import graph).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

export interface ImportEdge {
  /** Importing file, relative to src/ with `/` separators (e.g. `geometry/export/index.ts`). */
  from: string;
  /** Imported file, likewise. */
  to: string;
  /** `import type …` / `export type …` (erased at run time). */
  typeOnly: boolean;
}

const KERNEL = ['config.ts', 'errors.ts', 'logger.ts'];

/** Which parts each part may import at run time; `types` adds parts allowed for type-only imports. */
export const LAYER_RULES: Record<string, { runtime: string[]; types?: string[] }> = {
  cli: {
    runtime: [
      'clients',
      'api',
      'services.ts',
      'tasks',
      'queue',
      'store',
      'accounts',
      'engines',
      'geometry',
      'domain',
      ...KERNEL,
    ],
  },
  'services.ts': { runtime: ['tasks', 'queue', 'store', 'accounts', 'engines', 'domain', ...KERNEL] },
  api: { runtime: ['tasks', 'queue', 'store', 'accounts', 'domain', ...KERNEL], types: ['engines', 'geometry'] },
  tasks: { runtime: ['queue', 'store', 'accounts', 'engines', 'geometry', 'domain', ...KERNEL] },
  queue: { runtime: ['store', 'domain', ...KERNEL] },
  accounts: { runtime: ['store', 'domain', ...KERNEL] },
  store: { runtime: ['domain', ...KERNEL] },
  engines: { runtime: ['geometry', 'domain', ...KERNEL] },
  geometry: { runtime: ['logger.ts'] },
  domain: { runtime: ['errors.ts'] },
  'config.ts': { runtime: [] },
  'errors.ts': { runtime: [] },
  'logger.ts': { runtime: [] },
};

/** Top-level settings modules (`events-config.ts`, `config-s3.ts`) that config.ts composes: one part with it. */
const CONFIG_MODULE = /^(config-[a-z0-9-]+|[a-z0-9-]+-config)\.ts$/;

/** The part of src/ a file belongs to: its top-level folder, or the file itself at the top. */
export function partOf(file: string): string {
  // The client SDKs live beside src/ (clients/ts); only the CLI may use them.
  if (file.startsWith('../clients/')) return 'clients';
  const slash = file.indexOf('/');
  if (slash < 0) return CONFIG_MODULE.test(file) ? 'config.ts' : file;
  return file.slice(0, slash);
}

function resolveSpecifier(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  return join(dirname(from), specifier).split('\\').join('/');
}

/** The relative imports of one source file (static, re-exports and dynamic `import('…')`). */
export function importsOf(file: string, source: string): ImportEdge[] {
  const parsed = ts.createSourceFile(file, source, ts.ScriptTarget.ES2022, false, ts.ScriptKind.TS);
  const edges: ImportEdge[] = [];
  const add = (specifier: string, typeOnly: boolean) => {
    const to = resolveSpecifier(file, specifier);
    if (to) edges.push({ from: file, to, typeOnly });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const allTypes =
        !!clause?.isTypeOnly ||
        (!!clause &&
          !clause.name &&
          !!clause.namedBindings &&
          ts.isNamedImports(clause.namedBindings) &&
          clause.namedBindings.elements.length > 0 &&
          clause.namedBindings.elements.every((e) => e.isTypeOnly));
      add(node.moduleSpecifier.text, allTypes);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const allTypes =
        node.isTypeOnly ||
        (!!node.exportClause &&
          ts.isNamedExports(node.exportClause) &&
          node.exportClause.elements.length > 0 &&
          node.exportClause.elements.every((e) => e.isTypeOnly));
      add(node.moduleSpecifier.text, allTypes);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments;
      if (arg && ts.isStringLiteralLike(arg)) add(arg.text, false);
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      add(node.argument.literal.text, true);
    }
    ts.forEachChild(node, visit);
  };
  visit(parsed);
  return edges;
}

/** Imports that cross into a part the importing part may not use (or use only for types). */
export function layerViolations(edges: ImportEdge[], rules = LAYER_RULES): string[] {
  const found: string[] = [];
  for (const edge of edges) {
    const from = partOf(edge.from);
    const to = partOf(edge.to);
    if (from === to) continue;
    const rule = rules[from];
    if (!rule) {
      found.push(`${edge.from}: src/${from} has no layer rule; add it to LAYER_RULES in scripts/check-layers.ts`);
      continue;
    }
    if (rule.runtime.includes(to)) continue;
    if (edge.typeOnly && rule.types?.includes(to)) continue;
    const kind = edge.typeOnly ? 'type import' : 'import';
    found.push(
      `${edge.from} → ${edge.to}: ${from} may not ${kind} ${to} (allowed: ${[...rule.runtime, ...(rule.types ?? []).map((t) => `${t} (types)`)].join(', ') || 'nothing'})`,
    );
  }
  return found;
}

/** Cycles between parts of src/ (type-only imports count: they tie the parts together just the same). */
export function partCycles(edges: ImportEdge[]): string[] {
  return cycles(edges, partOf);
}

/** Cycles between files (e.g. an index.ts declaring an interface its implementation imports back). */
export function fileCycles(edges: ImportEdge[]): string[] {
  return cycles(edges, (file) => file);
}

function cycles(edges: ImportEdge[], nodeOf: (file: string) => string): string[] {
  const graph = new Map<string, Set<string>>();
  for (const edge of edges) {
    const from = nodeOf(edge.from),
      to = nodeOf(edge.to);
    if (from === to) continue;
    if (!graph.has(from)) graph.set(from, new Set());
    graph.get(from)!.add(to);
  }
  const cycles = new Set<string>();
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (part: string) => {
    state.set(part, 'open');
    stack.push(part);
    for (const next of [...(graph.get(part) ?? [])].sort()) {
      if (state.get(next) === 'open') cycles.add([...stack.slice(stack.indexOf(next)), next].join(' → '));
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(part, 'done');
  };
  for (const part of [...graph.keys()].sort()) if (!state.has(part)) visit(part);
  return [...cycles];
}

/** Reads every .ts/.mjs file under `srcDir` into import edges. */
export function readImports(srcDir: string): ImportEdge[] {
  const edges: ImportEdge[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir).sort()) {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.(ts|mts|mjs|js)$/.test(entry)) {
        edges.push(...importsOf(relative(srcDir, path).split('\\').join('/'), readFileSync(path, 'utf8')));
      }
    }
  };
  walk(srcDir);
  return edges;
}

export function checkLayers(srcDir: string): string[] {
  const edges = readImports(srcDir);
  return [
    ...layerViolations(edges),
    ...partCycles(edges).map((cycle) => `import cycle between parts of src/: ${cycle}`),
    ...fileCycles(edges).map((cycle) => `import cycle between files of src/: ${cycle}`),
  ];
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname)) {
  const problems = checkLayers(resolve(new URL('../src', import.meta.url).pathname));
  for (const problem of problems) console.log(problem);
  console.log(problems.length === 0 ? 'layers: ok' : `layers: ${problems.length} problem(s)`);
  process.exit(problems.length === 0 ? 0 : 1);
}
