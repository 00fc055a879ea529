/**
 * Which engine module serves which task kind. Engines are registered by module URL (not by object) so
 * that worker threads and `kiln worker` processes can import the same module themselves. There is no
 * process-wide registry: each Services instance owns one (src/services.ts) and passes it on.
 */
import type { EngineKind } from '../domain/task-spec.ts';
import type { Engine } from './engine.ts';

export class EngineRegistry {
  readonly #modules = new Map<EngineKind, string>();

  /** Registers (or replaces) the module serving `kind`; `moduleUrl` is a file: URL of a module default-exporting an Engine. */
  register(kind: EngineKind, moduleUrl: string | URL): void {
    this.#modules.set(kind, String(moduleUrl));
  }

  has(kind: EngineKind): boolean {
    return this.#modules.has(kind);
  }

  /** The module URL for `kind`, or undefined. */
  moduleUrl(kind: EngineKind): string | undefined {
    return this.#modules.get(kind);
  }

  kinds(): EngineKind[] {
    return [...this.#modules.keys()];
  }
}

/** Imports an engine module (in the thread that runs or describes with it: src/engines/runner/worker.ts). */
export async function importEngine(moduleUrl: string): Promise<Engine> {
  const module = (await import(moduleUrl)) as { default?: Engine };
  const engine = module.default;
  if (!engine || typeof engine.run !== 'function') {
    throw new Error(`Engine module ${moduleUrl} must default-export an object with a run() method.`);
  }
  return engine;
}
