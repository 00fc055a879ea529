/**
 * The remote engine: one task kind delegated to a chain of engines (model servers, hosted providers,
 * the built-in CPU engine). Imported by module URL with its configuration in the query (config.ts), it
 * runs in the worker threads like any engine:
 *   1. pick the chain: the first matching rule of the routing file, else KILN_ENGINE_<KIND> (routing.ts);
 *   2. for each engine of the chain, in order:
 *      - `builtin` runs the built-in engine of the kind;
 *      - a remote engine picks an endpoint (endpoint-pool.ts: untried, healthy, a free slot under the
 *        engine's concurrency and rate limits) and runs the job there through its adapter (adapters.ts),
 *        each remote stage bounded by KILN_REMOTE_STAGE_TIMEOUT_MS; a crash (unreachable, dropped, 5xx)
 *        marks the endpoint unhealthy and tries the engine's next endpoint, at most KILN_REMOTE_RETRIES
 *        more times; any other failure (hang, garbage, refusal, refused key, no credits, rate-limited
 *        past its back-off, upstream task failed) ends this engine's turn at once;
 *      - a model result goes through the shared output pipeline (postprocess.ts), finished files are kept;
 *      - the first engine that succeeds makes the asset: the notes say which (`engine`), what the
 *        upstream charged when it says (`upstreamCost`), and what the engines before it did;
 *   3. when every engine failed: EngineError REMOTE_ENGINE_FAILED naming every engine tried and what
 *      each did (the task is refunded).
 * Every engine's run is counted for /metrics (engine-stats.ts).
 */
import type { GenerateSpec } from '../../domain/task-spec.ts';
import { EngineError, type Engine, type EngineResult, type EngineRun } from '../engine.ts';
import { importEngine } from '../registry.ts';
import { RemoteFailure, type RemoteAdapter, type RemoteFailureKind } from './adapter.ts';
import { adapterNamed } from './adapters.ts';
import { resolveApiKey } from './api-key.ts';
import { BUILTIN_LINK, configFromModuleUrl, type EngineLink, type RemoteEngineConfig } from './config.ts';
import { EndpointPool, markUnhealthy, type Lease } from './endpoint-pool.ts';
import { reportEngineRun } from './engine-stats.ts';
import { finishRemoteModel } from './postprocess.ts';
import { hasSpare } from '../cpu-slots.ts';
import { warmBakeHelper } from '../../geometry/ops/bake-tiles.ts';
import { chooseChain } from './routing.ts';

/**
 * Share of the progress bar the remote server's own work takes; the rest is Kiln's output pipeline.
 * A Kiln engine server usually returns finished files, so its own progress fills almost the whole bar.
 */
const REMOTE_SPAN: Record<string, number> = { kiln: 95 };
const DEFAULT_REMOTE_SPAN = 60;

/** One engine's failed turn, for the final message. */
class LinkFailure extends Error {
  constructor(
    readonly kind: RemoteFailureKind,
    message: string,
  ) {
    super(message);
  }
}

export function createRemoteEngine(config: RemoteEngineConfig): Engine {
  const pools = new Map<string, EndpointPool>();
  const builtin = () => {
    if (!config.builtinModuleUrl) throw new Error(`No built-in ${config.kind} engine to run.`);
    return importEngine(config.builtinModuleUrl);
  };

  function adapterOf(link: EngineLink): RemoteAdapter {
    const adapter = adapterNamed(link.adapter);
    if (!adapter) throw new Error(`Unknown remote adapter "${link.adapter}" (the configuration was checked at start).`);
    return adapter;
  }

  /** The key is read on use, in this thread: never part of the configuration. */
  const keyOf = (link: EngineLink) => (link.adapter === 'kiln' ? undefined : resolveApiKey(link.adapter));

  function poolOf(link: EngineLink): EndpointPool {
    const id = `${link.name} ${link.endpoints.join(',')}`;
    let pool = pools.get(id);
    if (!pool) {
      pool = new EndpointPool(
        link.endpoints,
        adapterOf(link),
        config.settings,
        config.broker,
        {
          concurrency: link.concurrency,
          rate: link.ratePerMinute ? { key: `rate:${id}`, perMinute: link.ratePerMinute } : undefined,
        },
        () => keyOf(link),
      );
      pools.set(id, pool);
    }
    return pool;
  }

  async function attempt(run: EngineRun, link: EngineLink, endpoint: string): Promise<EngineResult> {
    const adapter = adapterOf(link);
    const span = REMOTE_SPAN[adapter.name] ?? DEFAULT_REMOTE_SPAN;
    const service = `${link.name} at ${endpoint}`;
    let apiKey: string | undefined;
    try {
      apiKey = keyOf(link);
    } catch (error) {
      throw new RemoteFailure('bad-key', `${link.name}: ${(error as Error).message}`);
    }
    const started = performance.now();
    // The transfer bake's helper thread starts while the server works, if a core is free now.
    if (run.spec.kind === 'generate' && hasSpare(run.cpu)) void warmBakeHelper();
    const output = await adapter.run(
      { taskId: run.taskId, spec: run.spec, inputs: run.inputs },
      {
        endpoint,
        settings: config.settings,
        signal: run.signal,
        apiKey,
        progress: (stage, fraction) => run.progress(stage, Math.round(span * fraction)),
      },
    );
    // The server's own time (queueing, generation, transfer) heads the task's stage timings.
    const remoteMs = Math.round(performance.now() - started);
    if (output.type === 'files') {
      run.progress('done', 100);
      const timings = { remote: remoteMs, ...(output.notes?.timings as Record<string, number> | undefined) };
      return { files: output.files, notes: { ...output.notes, remote: service, timings } };
    }
    if (run.spec.kind !== 'generate')
      throw new RemoteFailure('garbage', `${service} returned a model for a ${run.spec.kind} task`);
    const result = await finishRemoteModel(output.glb, run.spec as GenerateSpec, {
      service,
      repair: config.settings.repair,
      progress: run.progress,
      signal: run.signal,
      span: [span, 99],
      baseColor: output.baseColor,
      cpu: run.cpu,
    });
    run.progress('done', 100);
    const timings = { remote: remoteMs, ...(result.notes?.timings as Record<string, number> | undefined) };
    return {
      files: result.files,
      notes: { ...result.notes, ...output.notes, remote: service, seed: run.spec.seed, timings },
    };
  }

  /** One remote engine's turn: its endpoints in order, moving on after a crash. */
  async function runRemote(run: EngineRun, link: EngineLink): Promise<EngineResult> {
    const pool = poolOf(link);
    const tried = new Set<string>();
    const failures: string[] = [];
    let last: RemoteFailureKind = 'crash';
    for (let round = 0; round <= config.settings.retries; round++) {
      let lease: Lease;
      try {
        lease = await pool.acquire(tried, run.signal, () =>
          run.progress(`waiting for a free ${link.name} endpoint`, 0),
        );
      } catch (error) {
        if (!(error instanceof RemoteFailure)) throw error;
        failures.push(error.message);
        break;
      }
      tried.add(lease.endpoint);
      try {
        return await attempt(run, link, lease.endpoint);
      } catch (error) {
        if (!(error instanceof RemoteFailure)) throw error;
        failures.push(error.message);
        last = error.kind;
        if (error.kind !== 'crash') break;
        markUnhealthy(lease.endpoint);
      } finally {
        lease.slot.release();
      }
    }
    throw new LinkFailure(last, failures.join('; then '));
  }

  async function runLink(run: EngineRun, link: EngineLink): Promise<EngineResult> {
    if (link.adapter !== BUILTIN_LINK) return runRemote(run, link);
    return (await builtin()).run(run);
  }

  return {
    kind: config.kind,
    async describePrompt(spec, inputs) {
      if (config.builtinModuleUrl) {
        const engine = await builtin();
        if (engine.describePrompt) return engine.describePrompt(spec, inputs);
      }
      return spec.prompt ?? '';
    },
    async run(original) {
      // A retry on the next endpoint or engine starts its stages again; the bar never goes back.
      let highest = 0;
      const run: EngineRun = {
        ...original,
        progress: (stage, percent) => original.progress(stage, (highest = Math.max(highest, percent))),
      };
      const { chain, rule } = chooseChain(config, run.spec);
      /** What each failed engine did, in order: `tripo: <its message>`. */
      const history: string[] = [];
      let lastMessage = '';
      for (const link of chain) {
        const started = Date.now();
        const report = (outcome: 'done' | 'failed') =>
          reportEngineRun(config.broker, {
            kind: config.kind,
            engine: link.name,
            outcome,
            seconds: (Date.now() - started) / 1000,
          });
        try {
          const result = await runLink(run, link);
          report('done');
          const notes: Record<string, unknown> = { ...result.notes, engine: link.name };
          if (history.length) notes.enginesFailed = [...history];
          if (rule) notes.routingRule = rule;
          if (link.adapter === BUILTIN_LINK && history.length) notes.remoteFallback = history.join('; ');
          return { ...result, notes };
        } catch (error) {
          report('failed');
          if (!(error instanceof LinkFailure) || run.signal.aborted) throw error;
          history.push(`${link.name}: ${error.message}`);
          lastMessage = error.message;
        }
      }
      const names = chain.map((link) => link.name).join(', then ');
      throw new EngineError(
        'REMOTE_ENGINE_FAILED',
        history.length === 1
          ? `The remote ${config.kind} engine failed: ${lastMessage}. Credits were refunded.`
          : `Every ${config.kind} engine failed (tried ${names}): ${history.map((line, i) => `${i + 1}. ${line}`).join('; ')}. Credits were refunded.`,
        { engines: chain.map((link) => link.name) },
      );
    },
  };
}

/** Imported through remoteEngineUrl() the module is the configured engine; imported bare it is only a library. */
const configured = new URL(import.meta.url).searchParams.has('config')
  ? createRemoteEngine(configFromModuleUrl(import.meta.url))
  : undefined;
export default configured;
