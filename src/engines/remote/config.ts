/**
 * Remote engine configuration: `KILN_ENGINE_<KIND>` chains parsed and checked, the routing file's rules
 * (routing-file.ts) attached, and the module URL that carries it all to the threads that run engines.
 * Engines are loaded by module URL (src/engines/registry.ts), so the configuration travels in the URL's
 * query: every worker thread and the describer import the same remote engine module with the same
 * settings, and two services in one process (tests) never share a configuration. Provider keys are NOT
 * part of it (api-key.ts reads them inside the thread): this URL may be logged.
 *
 * A chain: engines separated by `;`, tried in order; each engine is `adapter[:url[,url…]]` (commas
 * separate endpoints of one engine) or `builtin`, the CPU engine:
 *   KILN_ENGINE_GENERATE_IMAGE="tripo; hunyuan3d:http://gpu-1:8081,http://gpu-2:8081; builtin"
 */
import type { RemoteSettings } from '../../config.ts';
import type { EngineKind, Tier } from '../../domain/task-spec.ts';
import { REMOTE_ADAPTERS, adapterNamed } from './adapters.ts';

/** Names a chain may use: every adapter of adapters.ts, and `builtin`. */
export const BUILTIN_LINK = 'builtin';

/** The kinds a remote model server can take over (texture and convert always run here, on the pipeline). */
export const ENGINE_VARIABLES: Partial<Record<EngineKind, string>> = {
  'generate-image': 'KILN_ENGINE_GENERATE_IMAGE',
  'generate-text': 'KILN_ENGINE_GENERATE_TEXT',
  bang: 'KILN_ENGINE_BANG',
};

/** One engine of a chain. */
export interface EngineLink {
  /** Shown in messages, notes and metrics: the routing file's engine name, else the adapter's. */
  name: string;
  /** An adapter of adapters.ts, or `builtin`. */
  adapter: string;
  /** Base URLs without a trailing slash, in order of preference (none for builtin). */
  endpoints: string[];
  /** Jobs at once per endpoint; default KILN_REMOTE_CONCURRENCY. */
  concurrency?: number;
  /** Jobs started per minute by this engine (all its endpoints, this process); default unlimited. */
  ratePerMinute?: number;
}

/** The shape of a task's input, for routing rules. */
export const INPUT_SHAPES = ['one-image', 'several-views', 'text'] as const;
export type InputShape = (typeof INPUT_SHAPES)[number];

/** A routing rule (routing-file.ts): the first rule whose kind, tiers and inputs match picks the chain. */
export interface EngineRoute {
  tiers?: Tier[];
  inputs?: InputShape[];
  chain: EngineLink[];
  /** Where the rule is in the routing file, for messages: `engines.yaml line 12`. */
  where: string;
}

export interface RemoteEngineConfig {
  kind: EngineKind;
  /** The kind's default chain (KILN_ENGINE_<KIND>; `builtin` alone when only the routing file names the kind). */
  chain: EngineLink[];
  /** Rules of the routing file for this kind, in file order. */
  routes?: EngineRoute[];
  settings: RemoteSettings;
  /** The built-in engine of this kind: runs describePrompt, and `builtin` links of a chain. */
  builtinModuleUrl?: string;
  /** BroadcastChannel name of this process's slot broker (src/engines/remote/slots.ts); unset: limits per thread. */
  broker?: string;
}

function checkUrl(where: string, url: string): void {
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    parsed = undefined;
  }
  if (!parsed || !/^https?:$/.test(parsed.protocol)) throw new Error(`${where}: "${url}" is not an http(s) URL.`);
}

/**
 * One engine: `adapter`, `adapter:url[,url…]` or `builtin`. `where` names the variable or file line in
 * messages. Throws an Error saying what to change.
 */
export function parseEngineLink(kind: EngineKind, text: string, where: string): EngineLink {
  const value = text.trim();
  if (value.toLowerCase() === BUILTIN_LINK) return { name: BUILTIN_LINK, adapter: BUILTIN_LINK, endpoints: [] };
  const colon = value.indexOf(':');
  const name = (colon < 0 ? value : value.slice(0, colon)).trim().toLowerCase();
  const adapter = adapterNamed(name);
  const names = [...REMOTE_ADAPTERS.map((known) => known.name), BUILTIN_LINK].join(', ');
  if (!adapter) {
    throw new Error(
      `${where} must list engines like "adapter[:http://host:port[,http://host2:port]]" separated by ";", with adapter one of ${names}; got "${value}".`,
    );
  }
  if (!adapter.kinds.includes(kind)) {
    throw new Error(
      `${where}: the ${name} adapter cannot serve ${kind} tasks (it serves ${adapter.kinds.join(', ')}).`,
    );
  }
  if (colon < 0) {
    if (!adapter.defaultEndpoint)
      throw new Error(`${where}: ${name} has no public address; give its URL, e.g. ${name}:http://gpu-1:8081.`);
    return { name, adapter: name, endpoints: [adapter.defaultEndpoint] };
  }
  const endpoints = value
    .slice(colon + 1)
    .split(',')
    .map((url) => url.trim().replace(/\/+$/, ''))
    .filter(Boolean);
  if (endpoints.length === 0)
    throw new Error(`${where}: name at least one endpoint after "${name}:", e.g. ${name}:http://gpu-1:8081.`);
  for (const url of endpoints) checkUrl(where, url);
  if (new Set(endpoints).size !== endpoints.length) throw new Error(`${where} lists the same endpoint twice.`);
  return { name, adapter: name, endpoints };
}

/** Parses one `adapter:url[,url…]` value (a one-engine chain); throws an Error naming the variable. */
export function parseEngineTarget(kind: EngineKind, value: string): { adapter: string; endpoints: string[] } {
  const link = parseEngineLink(kind, value, ENGINE_VARIABLES[kind] ?? kind);
  return { adapter: link.adapter, endpoints: link.endpoints };
}

/** Parses a whole chain (`a; b:http://x; builtin`); throws an Error naming `where` and what to change. */
export function parseEngineChain(
  kind: EngineKind,
  value: string,
  where = ENGINE_VARIABLES[kind] ?? kind,
): EngineLink[] {
  const parts = value.split(';').map((part) => part.trim());
  if (parts.some((part) => part === ''))
    throw new Error(`${where} has an empty engine between ";" separators: "${value}".`);
  const chain = parts.map((part) => parseEngineLink(kind, part, where));
  return checkChain(chain, where);
}

/** Refuses a chain naming the same engine twice (the second would only repeat the first's failure). */
export function checkChain(chain: EngineLink[], where: string): EngineLink[] {
  const seen = new Set<string>();
  for (const link of chain) {
    const key = `${link.name} ${link.endpoints.join(',')}`;
    if (seen.has(key)) throw new Error(`${where} names the engine "${link.name}" twice.`);
    seen.add(key);
  }
  return chain;
}

/** KILN_REMOTE_FALLBACK keeps its meaning in a chain: a `builtin` link at the end when none is named. */
function withFallback(chain: EngineLink[], settings: RemoteSettings): EngineLink[] {
  if (!settings.fallback || chain.some((link) => link.adapter === BUILTIN_LINK)) return chain;
  return [...chain, { name: BUILTIN_LINK, adapter: BUILTIN_LINK, endpoints: [] }];
}

/** True when the chain is only the built-in engine: nothing to delegate. */
export function onlyBuiltin(chain: EngineLink[]): boolean {
  return chain.every((link) => link.adapter === BUILTIN_LINK);
}

/** Every kind the configuration delegates, checked (throws on the first bad variable). */
export function remoteEngineConfigs(
  overrides: Partial<Record<EngineKind, string>>,
  settings: RemoteSettings,
  extra: {
    builtins?: ReadonlyMap<EngineKind, string>;
    broker?: string;
    routes?: Partial<Record<EngineKind, EngineRoute[]>>;
  } = {},
): RemoteEngineConfig[] {
  const configs: RemoteEngineConfig[] = [];
  for (const kind of Object.keys(ENGINE_VARIABLES) as EngineKind[]) {
    const value = overrides[kind];
    const routes = extra.routes?.[kind];
    if (!value && !routes?.length) continue;
    const chain = withFallback(
      value ? parseEngineChain(kind, value) : [{ name: BUILTIN_LINK, adapter: BUILTIN_LINK, endpoints: [] }],
      settings,
    );
    if (onlyBuiltin(chain) && !routes?.some((route) => !onlyBuiltin(route.chain))) continue;
    configs.push({
      kind,
      chain,
      routes: routes?.map((route) => ({ ...route, chain: withFallback(route.chain, settings) })),
      settings,
      builtinModuleUrl: extra.builtins?.get(kind),
      broker: extra.broker,
    });
  }
  return configs;
}

const ENGINE_MODULE = new URL('./engine.ts', import.meta.url);

/** The module URL of a remote engine with this configuration (register it like any engine). */
export function remoteEngineUrl(config: RemoteEngineConfig): string {
  const url = new URL(ENGINE_MODULE);
  url.searchParams.set('config', Buffer.from(JSON.stringify(config)).toString('base64url'));
  return url.href;
}

/** The configuration a remote engine module was imported with (its own import.meta.url). */
export function configFromModuleUrl(moduleUrl: string): RemoteEngineConfig {
  const encoded = new URL(moduleUrl).searchParams.get('config');
  if (!encoded)
    throw new Error(
      'The remote engine module was imported without its configuration; register it with remoteEngineUrl().',
    );
  return JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as RemoteEngineConfig;
}

/** A short label for one engine: `hunyuan3d (http://gpu-1:8081, http://gpu-2:8081)`, `builtin`. */
export function describeLink(link: Pick<EngineLink, 'name' | 'endpoints'>): string {
  return link.endpoints.length ? `${link.name} (${link.endpoints.join(', ')})` : link.name;
}

/** A short label for logs: the default chain, then how many routing rules refine it. */
export function describeRemote(config: Pick<RemoteEngineConfig, 'chain' | 'routes'>): string {
  const chain = config.chain.map(describeLink).join('; ');
  return config.routes?.length ? `${chain} (+${config.routes.length} routing rules)` : chain;
}
