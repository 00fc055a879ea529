/**
 * Runs engines off the event loop in piscina worker threads. Inputs move to the worker as
 * transferables, progress comes back over a MessagePort, outputs move back. Each progress stage has a
 * time limit: a stage that overruns ends the run (the thread is terminated) with StageTimeoutError.
 */
import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { TaskSpec } from '../../domain/task-spec.ts';
import type { EngineInputFile, EngineResult } from '../engine.ts';
import { EngineError } from '../engine.ts';
import type { AbortMessage, ProgressMessage, WorkerOutcome, WorkerTask } from './protocol.ts';
import { silentLogger, type Logger } from '../../logger.ts';
import { CPU_SLOTS_DEFAULTS, createCpuSlots, occupy, type CpuSlots } from '../cpu-slots.ts';

export class StageTimeoutError extends Error {
  constructor(
    readonly stage: string,
    readonly timeoutMs: number,
  ) {
    const limit = timeoutMs >= 10_000 ? `${Math.round(timeoutMs / 1000)} s` : `${timeoutMs} ms`;
    super(`The engine spent more than ${limit} in stage "${stage}" and was stopped.`);
    this.name = 'StageTimeoutError';
  }
}

/** The run was aborted by its caller (e.g. the worker lost its lease or is shutting down). */
export class RunAbortedError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'RunAbortedError';
  }
}

export interface EngineRunnerOptions {
  /** Worker threads (default 1). */
  threads?: number;
  /** Longest time in one stage, ms (default 600000). */
  stageTimeoutMs?: number;
  /**
   * Idle threads exit after this long, ms (default: never; a retiring pool still ends its threads). A
   * fresh thread imports its engine again, which for the text engine (WordNet, the catalogue) costs
   * about 6 s of CPU: with a 60 s default every task after a quiet minute paid that (issue #31).
   */
  idleTimeoutMs?: number;
  /**
   * Heap limit of each engine thread in MiB (default 4096). A run past it ends that thread only (the
   * server and other runs go on; the pool starts a fresh thread) and fails with WorkerMemoryError.
   */
  threadMemoryMb?: number;
  /**
   * Runs a thread pool serves before fresh threads take over (default 100; 0 never). Native modules
   * keep their WebAssembly memory for the thread's life and it cannot shrink (manifold-3d grows by
   * 2–4 MB per text build and fails near 4 GB), so threads are retired before that: the old pool
   * finishes its runs, then ends.
   */
  recycleAfterRuns?: number;
  /**
   * Helper threads one run may add while a core of this machine is free (default 1, KILN_HELPER_THREADS;
   * 0 never): runs count as busy cores while they last (cpu-slots.ts).
   */
  helperThreads?: number;
  /** Where errors of threads between runs are reported (default: silent). */
  logger?: Logger;
}

/** One pool of threads and the runs it has taken; every generation but the current one is retiring. */
interface PoolGeneration {
  pool: Piscina;
  runs: number;
  inFlight: number;
}

/** The engine thread ran out of its heap limit and was ended. */
export class WorkerMemoryError extends Error {
  constructor(readonly limitMb: number) {
    super(`The task needed more memory than an engine thread may use (${limitMb} MiB) and was stopped.`);
    this.name = 'WorkerMemoryError';
  }
}

export interface RunRequest {
  moduleUrl: string;
  taskId: string;
  spec: TaskSpec;
  inputs: EngineInputFile[];
  onProgress?: (stage: string, percent: number) => void;
  signal?: AbortSignal;
}

/** Least time allowed for a worker thread to start and import the engine module, ms. */
export const STARTUP_ALLOWANCE_MS = 60_000;

/** A copy only when the view does not own its whole buffer (transfer would detach unrelated bytes). */
function ownBuffer(bytes: Uint8Array): Uint8Array {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer
    ? bytes
    : bytes.slice();
}

export class EngineRunner {
  readonly #options: EngineRunnerOptions;
  readonly #stageTimeoutMs: number;
  readonly #threadMemoryMb: number;
  readonly #recycleAfterRuns: number;
  readonly #logger: Logger;
  readonly #generations = new Set<PoolGeneration>();
  readonly #cpu: CpuSlots;
  #current: PoolGeneration;

  constructor(options: EngineRunnerOptions = {}) {
    this.#options = options;
    this.#stageTimeoutMs = options.stageTimeoutMs ?? 600_000;
    this.#threadMemoryMb = options.threadMemoryMb ?? 4096;
    this.#recycleAfterRuns = options.recycleAfterRuns ?? 100;
    this.#logger = options.logger ?? silentLogger;
    this.#cpu = createCpuSlots(options.helperThreads ?? CPU_SLOTS_DEFAULTS.helpersPerRun);
    this.#current = this.#newGeneration();
  }

  #newGeneration(): PoolGeneration {
    const pool = new Piscina({
      filename: new URL('./worker-entry.mjs', import.meta.url).href,
      minThreads: 0,
      maxThreads: Math.max(1, this.#options.threads ?? 1),
      idleTimeout: this.#options.idleTimeoutMs ?? Infinity,
      resourceLimits: {
        maxOldGenerationSizeMb: this.#threadMemoryMb,
        maxYoungGenerationSizeMb: Math.min(64, Math.max(8, this.#threadMemoryMb / 16)),
      },
    });
    // A thread that fails while it runs no task (an engine's stray timer throwing after its run) is
    // replaced by the pool, which then emits 'error': unheard, that event would end the whole process.
    pool.on('error', (error: unknown) =>
      this.#logger.error({ err: error }, 'engine thread failed between runs; the pool replaces it'),
    );
    const generation: PoolGeneration = { pool, runs: 0, inFlight: 0 };
    this.#generations.add(generation);
    return generation;
  }

  /** The pool for the next run; past its run budget a fresh one takes over and the old one retires. */
  #takeGeneration(): PoolGeneration {
    const generation = this.#current;
    generation.runs++;
    generation.inFlight++;
    if (this.#recycleAfterRuns > 0 && generation.runs >= this.#recycleAfterRuns) this.#current = this.#newGeneration();
    return generation;
  }

  #release(generation: PoolGeneration): void {
    generation.inFlight--;
    if (generation !== this.#current && generation.inFlight === 0 && this.#generations.delete(generation)) {
      generation.pool
        .destroy()
        .catch((error: unknown) => this.#logger.warn({ err: error }, 'retiring an engine thread pool failed'));
    }
  }

  /** Runs one engine task; rejects with EngineError, StageTimeoutError, RunAbortedError or Error. */
  async run(request: RunRequest): Promise<EngineResult> {
    const { port1, port2 } = new MessageChannel();
    const inputs = request.inputs.map((input) => ({ ...input, bytes: ownBuffer(input.bytes) }));
    const controller = new AbortController();
    let stage = 'starting';
    let stageTimer: NodeJS.Timeout | undefined;
    let failure: Error | undefined;

    const stop = (error: Error) => {
      if (failure) return;
      failure = error;
      // Let the engine see its signal first, then end the thread whatever it does.
      port1.postMessage({ type: 'abort', reason: error.message } satisfies AbortMessage);
      controller.abort(error);
    };
    const armStageTimer = () => {
      clearTimeout(stageTimer);
      // Until the engine reports its first stage the thread may still be starting (loader, module
      // imports on a busy machine): that pseudo-stage gets at least STARTUP_ALLOWANCE_MS.
      const limit = stage === 'starting' ? Math.max(this.#stageTimeoutMs, STARTUP_ALLOWANCE_MS) : this.#stageTimeoutMs;
      stageTimer = setTimeout(() => stop(new StageTimeoutError(stage, limit)), limit);
    };
    const onAbort = () => stop(new RunAbortedError(String(request.signal?.reason ?? 'run aborted')));

    port1.on('message', (message: ProgressMessage) => {
      if (message.type !== 'progress') return;
      if (message.stage !== stage) {
        stage = message.stage;
        armStageTimer();
      }
      request.onProgress?.(message.stage, message.percent);
    });
    if (request.signal?.aborted) onAbort();
    request.signal?.addEventListener('abort', onAbort, { once: true });
    armStageTimer();

    const task: WorkerTask = {
      moduleUrl: request.moduleUrl,
      taskId: request.taskId,
      spec: request.spec,
      inputs,
      cpu: this.#cpu,
      port: port2,
    };
    const generation = this.#takeGeneration();
    const releaseCore = occupy(this.#cpu);
    try {
      const outcome = (await generation.pool.run(task, {
        transferList: [port2, ...inputs.map((input) => input.bytes.buffer as ArrayBuffer)],
        signal: controller.signal,
      })) as WorkerOutcome;
      if (failure) throw failure;
      if (!outcome.ok) {
        if (outcome.engineError) throw new EngineError(outcome.code as EngineError['code'], outcome.message);
        const error = new Error(outcome.message);
        if (outcome.stack) error.stack = outcome.stack;
        throw error;
      }
      return { files: outcome.files, notes: outcome.notes };
    } catch (error) {
      if (failure) throw failure;
      if ((error as NodeJS.ErrnoException)?.code === 'ERR_WORKER_OUT_OF_MEMORY')
        throw new WorkerMemoryError(this.#threadMemoryMb);
      throw error;
    } finally {
      clearTimeout(stageTimer);
      request.signal?.removeEventListener('abort', onAbort);
      port1.close();
      releaseCore();
      this.#release(generation);
    }
  }

  /** Threads currently alive, retiring ones included (tests, metrics). */
  get threads(): number {
    let count = 0;
    for (const generation of this.#generations) count += generation.pool.threads.length;
    return count;
  }

  async close(): Promise<void> {
    await Promise.all([...this.#generations].map((generation) => generation.pool.destroy()));
    this.#generations.clear();
  }
}
