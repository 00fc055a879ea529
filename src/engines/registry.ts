/**
 * Which engine module serves which task kind. Engines are registered by module URL (not by object) so
 * that worker threads and `kiln worker` processes can import the same module themselves. There is no
 * process-wide registry: each Services instance owns one (src/services.ts) and passes it on.
 */
import type { EngineKind } from '../domain/task-spec.ts';
import type { Engine } from './engine.ts';

export class EngineRegistry {
  readonly #modules = new Map<EngineKind, string>();
  readonly #loaded = new Map<string, Promise<Engine>>();

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

  /** Imports the engine in this thread (for `describePrompt` at submission). Throws when unregistered. */
  async load(kind: EngineKind): Promise<Engine> {
    const url = this.#modules.get(kind);
    if (!url) throw new Error(`No engine is registered for "${kind}".`);
    let loading = this.#loaded.get(url);
    if (!loading) {
      loading = importEngine(url);
      this.#loaded.set(url, loading);
      loading.catch(() => this.#loaded.delete(url));
    }
    return loading;
  }
}

export async function importEngine(moduleUrl: string): Promise<Engine> {
  const module = (await import(moduleUrl)) as { default?: Engine };
  const engine = module.default;
  if (!engine || typeof engine.run !== 'function') {
    throw new Error(`Engine module ${moduleUrl} must default-export an object with a run() method.`);
  }
  return engine;
}
