/**
 * Remote engines (docs/remote-engines.md): task kinds delegated to model servers over HTTP. The
 * composition root calls registerRemoteEngines once; the rest of this folder runs inside the engine
 * threads. Start reading at engine.ts.
 */
import type { Config } from '../../config.ts';
import type { EngineKind } from '../../domain/task-spec.ts';
import type { EngineRegistry } from '../registry.ts';
import { describeRemote, remoteEngineConfigs, remoteEngineUrl, type RemoteEngineConfig } from './config.ts';
import { startSlotBroker, type SlotBroker } from './slots.ts';

export {
  parseEngineTarget,
  remoteEngineConfigs,
  remoteEngineUrl,
  describeRemote,
  type RemoteEngineConfig,
} from './config.ts';
export { startSlotBroker, type SlotBroker } from './slots.ts';
export { KILN_ENGINE_PROTOCOL, type JobStatus, type JobSubmission, type HealthAnswer } from './kiln-protocol.ts';

export interface RemoteRegistration {
  engines: RemoteEngineConfig[];
  /** Stops the slot broker. */
  close(): void;
}

/**
 * Registers a remote engine for every kind the configuration delegates (KILN_ENGINE_*), unless the
 * registry already has an explicit engine for it. Throws an Error naming a malformed variable.
 * `builtins` are the built-in engines' module URLs (describePrompt and KILN_REMOTE_FALLBACK use them).
 */
export function registerRemoteEngines(
  registry: EngineRegistry,
  config: Pick<Config, 'engineOverrides' | 'remote'>,
  builtins: ReadonlyArray<readonly [EngineKind, string]>,
): RemoteRegistration {
  const pending = remoteEngineConfigs(config.engineOverrides, config.remote, { builtins: new Map(builtins) });
  const wanted = pending.filter((remote) => !registry.has(remote.kind));
  if (wanted.length === 0) return { engines: [], close() {} };
  const broker: SlotBroker = startSlotBroker();
  const engines = wanted.map((remote) => ({ ...remote, broker: broker.name }));
  for (const remote of engines) registry.register(remote.kind, remoteEngineUrl(remote));
  return { engines, close: () => broker.close() };
}

/** One line per delegated kind, for `kiln serve`'s start message. */
export function remoteSummary(engines: RemoteEngineConfig[]): string {
  return engines.map((remote) => `${remote.kind} → ${describeRemote(remote)}`).join('; ');
}
