/**
 * Runs engines' `describePrompt` in a worker thread, so the process that answers HTTP never imports an
 * engine (the text engine's prompt parser and WordNet stay out of the API's main thread). The thread
 * starts on the first submission that needs it and then stays (loading WordNet again after every quiet
 * spell would push descriptions past the submission's time limit); an idle thread does not keep the
 * process alive. Several descriptions may be in flight in it at once (they are short).
 */
import { Piscina } from 'piscina';
import type { InputFile } from '../../domain/input-file.ts';
import type { TaskSpec } from '../../domain/task-spec.ts';
import type { DescribeTask } from './protocol.ts';
import type { InputRefusal } from '../engine.ts';

export interface PromptDescriberOptions {
  /** The thread exits after this long without work, ms (default: never; `close()` ends it). */
  idleTimeoutMs?: number;
}

/** Longest wait for the thread to start (the loader and worker module, not the engine), ms. */
export const DESCRIBER_STARTUP_MS = 30_000;

export class PromptDescriber {
  readonly #options: PromptDescriberOptions;
  #pool: Piscina | undefined;
  #ready: Promise<void> | undefined;

  constructor(options: PromptDescriberOptions = {}) {
    this.#options = options;
  }

  /**
   * The engine's description of a submission, or null when the engine has no `describePrompt`;
   * rejects when the engine cannot be loaded or throws.
   */
  async describe(moduleUrl: string, spec: TaskSpec, inputs: InputFile[]): Promise<string | null> {
    const task: DescribeTask = { moduleUrl, spec, inputs };
    return (await this.#threads().run(task, { name: 'describePrompt' })) as string | null;
  }

  /** The engine's reason to refuse the inputs (`refuseInputs`), or null; rejects when the engine cannot be loaded or throws. */
  async refuse(moduleUrl: string, spec: TaskSpec, inputs: InputFile[]): Promise<InputRefusal | null> {
    const task: DescribeTask = { moduleUrl, spec, inputs };
    return (await this.#threads().run(task, { name: 'refuseInputs' })) as InputRefusal | null;
  }

  /**
   * Resolves once the thread is up (at once after the first time), so a caller can keep its time limit
   * for the description itself: the engine's import and run, as when engines were imported in-process.
   * Rejects when the thread does not start within DESCRIBER_STARTUP_MS.
   */
  ready(): Promise<void> {
    if (!this.#ready) {
      let timer: NodeJS.Timeout | undefined;
      const started = this.#threads()
        .run(null, { name: 'ready' })
        .then(() => undefined);
      const tooSlow = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error('the describePrompt thread did not start in time')),
          DESCRIBER_STARTUP_MS,
        ).unref();
      });
      this.#ready = Promise.race([started, tooSlow]).finally(() => clearTimeout(timer));
      this.#ready.catch(() => (this.#ready = undefined));
    }
    return this.#ready;
  }

  /** Starts the thread and imports the engine there, so the first description does not wait for it. */
  async warm(moduleUrl: string): Promise<void> {
    await this.#threads().run({ moduleUrl }, { name: 'warmEngine' });
  }

  #threads(): Piscina {
    this.#pool ??= new Piscina({
      filename: new URL('./worker-entry.mjs', import.meta.url).href,
      minThreads: 0,
      maxThreads: 1,
      concurrentTasksPerWorker: 8,
      idleTimeout: this.#options.idleTimeoutMs ?? Infinity,
    });
    return this.#pool;
  }

  async close(): Promise<void> {
    const pool = this.#pool;
    this.#pool = undefined;
    this.#ready = undefined;
    await pool?.destroy();
  }
}
