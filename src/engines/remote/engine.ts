/**
 * The remote engine: one task kind delegated to model servers over HTTP. Imported by module URL with
 * its configuration in the query (config.ts), it runs in the worker threads like any engine:
 *   1. pick an endpoint (endpoint-pool.ts: untried, healthy, a free slot under the concurrency limit);
 *   2. run the job there through the adapter (hunyuan3d.ts, kiln-client.ts), each remote stage bounded
 *      by KILN_REMOTE_STAGE_TIMEOUT_MS;
 *   3. a crash (unreachable, dropped, 5xx, error status) marks the endpoint unhealthy and tries the next
 *      one, at most KILN_REMOTE_RETRIES more times; a hang, garbage or a refusal ends the run;
 *   4. a model result goes through the shared output pipeline (postprocess.ts), finished files are kept;
 *   5. when every attempt failed: the built-in engine when KILN_REMOTE_FALLBACK is on, else an
 *      EngineError REMOTE_ENGINE_FAILED naming the service and what went wrong (the task is refunded).
 */
import type { GenerateSpec } from '../../domain/task-spec.ts';
import { EngineError, type Engine, type EngineResult, type EngineRun } from '../engine.ts';
import { importEngine } from '../registry.ts';
import { RemoteFailure, type RemoteAdapter } from './adapter.ts';
import { configFromModuleUrl, type RemoteAdapterName, type RemoteEngineConfig } from './config.ts';
import { EndpointPool, markUnhealthy, type Lease } from './endpoint-pool.ts';
import { hunyuan3dAdapter } from './hunyuan3d.ts';
import { kilnAdapter } from './kiln-client.ts';
import { finishRemoteModel } from './postprocess.ts';

const ADAPTERS: Record<RemoteAdapterName, RemoteAdapter> = { hunyuan3d: hunyuan3dAdapter, kiln: kilnAdapter };

/**
 * Share of the progress bar the remote server's own work takes; the rest is Kiln's output pipeline.
 * A Kiln engine server usually returns finished files, so its own progress fills almost the whole bar.
 */
const REMOTE_SPAN: Record<RemoteAdapterName, number> = { hunyuan3d: 60, kiln: 95 };

export function createRemoteEngine(config: RemoteEngineConfig): Engine {
  const adapter = ADAPTERS[config.adapter];
  const pool = new EndpointPool(config.endpoints, adapter, config.settings, config.broker);
  const builtin = () => {
    if (!config.builtinModuleUrl) throw new Error(`No built-in ${config.kind} engine to fall back to.`);
    return importEngine(config.builtinModuleUrl);
  };

  const span = REMOTE_SPAN[config.adapter];

  async function attempt(run: EngineRun, endpoint: string): Promise<EngineResult> {
    const service = `${config.adapter} at ${endpoint}`;
    const started = performance.now();
    const output = await adapter.run(
      { taskId: run.taskId, spec: run.spec, inputs: run.inputs },
      {
        endpoint,
        settings: config.settings,
        signal: run.signal,
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
    });
    run.progress('done', 100);
    const timings = { remote: remoteMs, ...(result.notes?.timings as Record<string, number> | undefined) };
    return {
      files: result.files,
      notes: { ...result.notes, ...output.notes, remote: service, seed: run.spec.seed, timings },
    };
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
      // A retry on the next endpoint starts its remote stages again; the bar never goes back.
      let highest = 0;
      const run: EngineRun = {
        ...original,
        progress: (stage, percent) => original.progress(stage, (highest = Math.max(highest, percent))),
      };
      const tried = new Set<string>();
      const failures: string[] = [];
      for (let round = 0; round <= config.settings.retries; round++) {
        let lease: Lease;
        try {
          lease = await pool.acquire(tried, run.signal, () =>
            run.progress(`waiting for a free ${config.adapter} endpoint`, 0),
          );
        } catch (error) {
          if (!(error instanceof RemoteFailure)) throw error;
          failures.push(error.message);
          break;
        }
        tried.add(lease.endpoint);
        try {
          return await attempt(run, lease.endpoint);
        } catch (error) {
          if (!(error instanceof RemoteFailure)) throw error;
          failures.push(error.message);
          if (error.kind !== 'crash') break;
          markUnhealthy(lease.endpoint);
        } finally {
          lease.slot.release();
        }
      }
      const summary = failures.join('; then ');
      if (config.settings.fallback && config.builtinModuleUrl) {
        const result = await (await builtin()).run(run);
        return { ...result, notes: { ...result.notes, remoteFallback: summary } };
      }
      throw new EngineError(
        'REMOTE_ENGINE_FAILED',
        `The remote ${config.kind} engine failed: ${summary}. Credits were refunded.`,
        { adapter: config.adapter },
      );
    },
  };
}

/** Imported through remoteEngineUrl() the module is the configured engine; imported bare it is only a library. */
const configured = new URL(import.meta.url).searchParams.has('config')
  ? createRemoteEngine(configFromModuleUrl(import.meta.url))
  : undefined;
export default configured;
