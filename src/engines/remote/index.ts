/**
 * Remote engines (docs/remote-engines.md): task kinds delegated to model servers over HTTP. The
 * composition root calls registerRemoteEngines once; the rest of this folder runs inside the engine
 * threads. Start reading at engine.ts.
 */
import type { Config } from '../../config.ts';
import type { EngineKind } from '../../domain/task-spec.ts';
import type { EngineRegistry } from '../registry.ts';
import { describeRemote, remoteEngineConfigs, remoteEngineUrl, type RemoteEngineConfig } from './config.ts';
import { startEngineStats, type EngineStat } from './engine-stats.ts';
import { readEnginesFile } from './routing-file.ts';
import { startSlotBroker, type SlotBroker } from './slots.ts';

export {
  parseEngineTarget,
  parseEngineChain,
  remoteEngineConfigs,
  remoteEngineUrl,
  describeRemote,
  type RemoteEngineConfig,
} from './config.ts';
export { startSlotBroker, type SlotBroker } from './slots.ts';
export { readEnginesFile, parseEnginesFile } from './routing-file.ts';
export type { EngineStat } from './engine-stats.ts';
export { KILN_ENGINE_PROTOCOL, type JobStatus, type JobSubmission, type HealthAnswer } from './kiln-protocol.ts';

export interface RemoteRegistration {
  engines: RemoteEngineConfig[];
  /** Per-engine runs since start (tasks, failures, durations drained for the latency histogram), for /metrics. */
  stats(): EngineStat[];
  /** Stops the slot broker and the stats channel. */
  close(): void;
}

/**
 * The delegated kinds' configurations, checked: KILN_ENGINE_* chains and the routing file
 * (KILN_ENGINES_FILE). Throws an Error naming the variable, or the file and line, and what to change.
 */
export function remoteConfigsOf(
  config: Pick<Config, 'engineOverrides' | 'remote' | 'enginesFile'>,
  builtins: ReadonlyArray<readonly [EngineKind, string]> = [],
): RemoteEngineConfig[] {
  const routes = config.enginesFile ? readEnginesFile(config.enginesFile) : undefined;
  return remoteEngineConfigs(config.engineOverrides, config.remote, { builtins: new Map(builtins), routes });
}

/**
 * Registers a remote engine for every kind the configuration delegates (KILN_ENGINE_*, KILN_ENGINES_FILE),
 * unless the registry already has an explicit engine for it. Throws an Error naming a malformed
 * variable or file line. `builtins` are the built-in engines' module URLs (describePrompt and `builtin`
 * links of a chain use them).
 */
export function registerRemoteEngines(
  registry: EngineRegistry,
  config: Pick<Config, 'engineOverrides' | 'remote' | 'enginesFile'>,
  builtins: ReadonlyArray<readonly [EngineKind, string]>,
): RemoteRegistration {
  const pending = remoteConfigsOf(config, builtins);
  const wanted = pending.filter((remote) => !registry.has(remote.kind));
  if (wanted.length === 0) return { engines: [], stats: () => [], close() {} };
  const broker: SlotBroker = startSlotBroker();
  const stats = startEngineStats(broker.name);
  const engines = wanted.map((remote) => ({ ...remote, broker: broker.name }));
  for (const remote of engines) registry.register(remote.kind, remoteEngineUrl(remote));
  return {
    engines,
    stats: () => stats.take(),
    close: () => {
      stats.close();
      broker.close();
    },
  };
}

/** One line per delegated kind, for `kiln serve`'s start message. */
export function remoteSummary(engines: RemoteEngineConfig[]): string {
  return engines.map((remote) => `${remote.kind} → ${describeRemote(remote)}`).join('; ');
}
