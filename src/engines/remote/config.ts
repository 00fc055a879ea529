/**
 * Remote engine configuration: `KILN_ENGINE_<KIND>=adapter:url[,url…]` parsed and checked, and the
 * module URL that carries it to the threads that run engines. Engines are loaded by module URL
 * (src/engines/registry.ts), so the configuration travels in the URL's query: every worker thread and
 * the describer import the same remote engine module with the same settings, and two services in one
 * process (tests) never share a configuration.
 */
import type { RemoteSettings } from '../../config.ts';
import type { EngineKind } from '../../domain/task-spec.ts';

export const REMOTE_ADAPTERS = ['hunyuan3d', 'kiln'] as const;
export type RemoteAdapterName = (typeof REMOTE_ADAPTERS)[number];

/** Which adapters can serve which kinds: Hunyuan3D makes meshes from a picture or a prompt, never splits. */
const ADAPTER_KINDS: Record<RemoteAdapterName, readonly EngineKind[]> = {
  hunyuan3d: ['generate-image', 'generate-text'],
  kiln: ['generate-image', 'generate-text', 'bang'],
};

/** The kinds a remote model server can take over (texture and convert always run here, on the pipeline). */
export const ENGINE_VARIABLES: Partial<Record<EngineKind, string>> = {
  'generate-image': 'KILN_ENGINE_GENERATE_IMAGE',
  'generate-text': 'KILN_ENGINE_GENERATE_TEXT',
  bang: 'KILN_ENGINE_BANG',
};

export interface RemoteEngineConfig {
  kind: EngineKind;
  adapter: RemoteAdapterName;
  /** Base URLs without a trailing slash, in order of preference. */
  endpoints: string[];
  settings: RemoteSettings;
  /** The built-in engine of this kind: runs describePrompt, and the job itself when `settings.fallback` is on. */
  builtinModuleUrl?: string;
  /** BroadcastChannel name of this process's slot broker (src/engines/remote/slots.ts); unset: limits per thread. */
  broker?: string;
}

/** Parses one `adapter:url[,url…]` value; throws an Error naming the variable and what to change. */
export function parseEngineTarget(
  kind: EngineKind,
  value: string,
): { adapter: RemoteAdapterName; endpoints: string[] } {
  const variable = ENGINE_VARIABLES[kind];
  const colon = value.indexOf(':');
  const adapter = value.slice(0, colon).trim().toLowerCase();
  if (colon < 0 || !(REMOTE_ADAPTERS as readonly string[]).includes(adapter)) {
    throw new Error(
      `${variable} must look like "adapter:http://host:port[,http://host2:port]" with adapter one of ${REMOTE_ADAPTERS.join(', ')}; got "${value}".`,
    );
  }
  const name = adapter as RemoteAdapterName;
  if (!ADAPTER_KINDS[name].includes(kind)) {
    throw new Error(
      `${variable}: the ${name} adapter cannot serve ${kind} tasks (it serves ${ADAPTER_KINDS[name].join(', ')}).`,
    );
  }
  const endpoints = value
    .slice(colon + 1)
    .split(',')
    .map((url) => url.trim().replace(/\/+$/, ''))
    .filter(Boolean);
  if (endpoints.length === 0)
    throw new Error(`${variable}: name at least one endpoint after "${name}:", e.g. ${name}:http://gpu-1:8081.`);
  for (const url of endpoints) {
    let parsed: URL | undefined;
    try {
      parsed = new URL(url);
    } catch {
      parsed = undefined;
    }
    if (!parsed || !/^https?:$/.test(parsed.protocol)) throw new Error(`${variable}: "${url}" is not an http(s) URL.`);
  }
  if (new Set(endpoints).size !== endpoints.length) throw new Error(`${variable} lists the same endpoint twice.`);
  return { adapter: name, endpoints };
}

/** Every kind the configuration delegates, checked (throws on the first bad variable). */
export function remoteEngineConfigs(
  overrides: Partial<Record<EngineKind, string>>,
  settings: RemoteSettings,
  extra: { builtins?: ReadonlyMap<EngineKind, string>; broker?: string } = {},
): RemoteEngineConfig[] {
  const configs: RemoteEngineConfig[] = [];
  for (const kind of Object.keys(ENGINE_VARIABLES) as EngineKind[]) {
    const value = overrides[kind];
    if (!value) continue;
    configs.push({
      kind,
      ...parseEngineTarget(kind, value),
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

/** A short label for logs and messages: `hunyuan3d (http://gpu-1:8081, http://gpu-2:8081)`. */
export function describeRemote(config: Pick<RemoteEngineConfig, 'adapter' | 'endpoints'>): string {
  return `${config.adapter} (${config.endpoints.join(', ')})`;
}
