/**
 * The routing file (KILN_ENGINES_FILE, YAML or JSON): rules the KILN_ENGINE_<KIND> variables cannot say.
 * Read once at start, checked against ENGINES_FILE_SCHEMA, and refused with a message naming the file,
 * the line and what to change. Example (docs/engines.md has the full reference):
 *
 *   engines:                       # named engines with their own limits
 *     tripo-hq: { adapter: tripo, concurrency: 2, rate_per_minute: 20 }
 *     gpu:      { adapter: hunyuan3d, url: [http://gpu-1:8081, http://gpu-2:8081] }
 *   routes:                        # first match wins; no match: the kind's variable
 *     - kind: generate-image
 *       tier: [Gen-2.5-Extreme-High, Gen-2.5-High]
 *       input: [one-image, several-views]
 *       chain: [tripo-hq, gpu, builtin]
 *     - kind: generate-image
 *       chain: [gpu, builtin]
 *
 * A chain entry is an engine named under `engines`, or written as in the variables (`meshy`,
 * `hunyuan3d:http://gpu-3:8081`, `builtin`).
 */
import { readFileSync } from 'node:fs';
import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { LineCounter, parseDocument, isNode } from 'yaml';
import { ALL_TIERS } from '../../domain/tiers.ts';
import { REMOTE_ADAPTERS, adapterNamed } from './adapters.ts';
import type { EngineKind, Tier } from '../../domain/task-spec.ts';
import {
  BUILTIN_LINK,
  ENGINE_VARIABLES,
  INPUT_SHAPES,
  checkChain,
  parseEngineLink,
  type EngineLink,
  type EngineRoute,
  type InputShape,
} from './config.ts';

const oneOrMany = <T extends ReturnType<typeof Type.String>>(item: T) =>
  Type.Union([item, Type.Array(item, { minItems: 1 })]);

const EngineEntry = Type.Object(
  {
    adapter: Type.String({ minLength: 1 }),
    url: Type.Optional(oneOrMany(Type.String({ minLength: 1 }))),
    concurrency: Type.Optional(Type.Integer({ minimum: 1 })),
    rate_per_minute: Type.Optional(Type.Integer({ minimum: 1 })),
  },
  { additionalProperties: false },
);

const RouteEntry = Type.Object(
  {
    kind: Type.Union(Object.keys(ENGINE_VARIABLES).map((kind) => Type.Literal(kind))),
    tier: Type.Optional(oneOrMany(Type.Union(ALL_TIERS.map((tier) => Type.Literal(tier))) as never)),
    input: Type.Optional(oneOrMany(Type.Union(INPUT_SHAPES.map((shape) => Type.Literal(shape))) as never)),
    chain: Type.Array(Type.String({ minLength: 1 }), { minItems: 1 }),
  },
  { additionalProperties: false },
);

export const ENGINES_FILE_SCHEMA = Type.Object(
  {
    engines: Type.Optional(Type.Record(Type.String({ pattern: '^[a-z0-9][a-z0-9_-]*$' }), EngineEntry)),
    routes: Type.Optional(Type.Array(RouteEntry)),
  },
  { additionalProperties: false },
);
export type EnginesFile = Static<typeof ENGINES_FILE_SCHEMA>;

const list = <T>(value: T | T[] | undefined): T[] | undefined =>
  value === undefined ? undefined : Array.isArray(value) ? value : [value];

/** The rules of a routing file, per kind. Throws an Error naming the file and line. */
export function readEnginesFile(path: string): Partial<Record<EngineKind, EngineRoute[]>> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new Error(
      `KILN_ENGINES_FILE names "${path}", which cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'}).`,
    );
  }
  return parseEnginesFile(text, path);
}

/** parseEnginesFile for text already read; `name` labels messages. */
export function parseEnginesFile(text: string, name: string): Partial<Record<EngineKind, EngineRoute[]>> {
  const lines = new LineCounter();
  // YAML 1.2 reads JSON too, so one parser gives both formats line numbers.
  const document = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  if (document.errors.length > 0) {
    const [first] = document.errors;
    const at = lines.linePos(first.pos[0]);
    throw new Error(`${name} line ${at.line}: ${first.message.split('\n')[0]}`);
  }
  const lineOf = (path: (string | number)[]): number => {
    for (let cut = path.length; cut >= 0; cut--) {
      const node = document.getIn(path.slice(0, cut), true);
      if (isNode(node) && node.range) return lines.linePos(node.range[0]).line;
    }
    return 1;
  };
  const where = (path: (string | number)[]) => `${name} line ${lineOf(path)}`;
  const data = document.toJS() ?? {};
  const [problem] = Value.Errors(ENGINES_FILE_SCHEMA, data);
  if (problem) {
    const path = problem.path
      .split('/')
      .filter(Boolean)
      .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
    const field = problem.path || '(top level)';
    throw new Error(
      `${where(path)}: ${field} ${problem.message.toLowerCase()}. See docs/engines.md for the routing file's fields.`,
    );
  }
  const file = data as EnginesFile;
  const routes: Partial<Record<EngineKind, EngineRoute[]>> = {};
  (file.routes ?? []).forEach((route, index) => {
    const kind = route.kind as EngineKind;
    const chain = route.chain.map((entry, at) => {
      const here = where(['routes', index, 'chain', at]);
      const named = file.engines?.[entry];
      if (!named) {
        const head = entry.split(':')[0].trim().toLowerCase();
        if (head !== BUILTIN_LINK && !adapterNamed(head)) {
          const engines = Object.keys(file.engines ?? {});
          const adapters = [...REMOTE_ADAPTERS.map((adapter) => adapter.name), BUILTIN_LINK];
          throw new Error(
            `${here}: "${entry}" is neither an engine named under engines (${engines.join(', ') || 'none'}) nor an adapter (${adapters.join(', ')}).`,
          );
        }
        return parseEngineLink(kind, entry, here);
      }
      const engineWhere = where(['engines', entry]);
      const urls = list(named.url);
      const link = parseEngineLink(kind, urls ? `${named.adapter}:${urls.join(',')}` : named.adapter, engineWhere);
      if (link.adapter === BUILTIN_LINK)
        throw new Error(`${engineWhere}: write builtin directly in a chain, not as a named engine.`);
      const out: EngineLink = { ...link, name: entry };
      if (named.concurrency) out.concurrency = named.concurrency;
      if (named.rate_per_minute) out.ratePerMinute = named.rate_per_minute;
      return out;
    });
    const rule: EngineRoute = {
      chain: checkChain(chain, where(['routes', index, 'chain'])),
      where: where(['routes', index]),
    };
    const tiers = list(route.tier as Tier | Tier[] | undefined);
    const inputs = list(route.input as InputShape | InputShape[] | undefined);
    if (tiers) rule.tiers = tiers;
    if (inputs) rule.inputs = inputs;
    if (kind === 'bang' && (tiers || inputs))
      throw new Error(`${rule.where}: bang routes cannot select by tier or input (Bang has neither); remove them.`);
    (routes[kind] ??= []).push(rule);
  });
  return routes;
}
