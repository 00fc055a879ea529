/** Runs inside a piscina worker thread: imports the engine module and runs one task. */
import { move, transferableSymbol, valueSymbol } from 'piscina';
import { EngineError } from '../engine.ts';
import { importEngine } from '../registry.ts';
import type { Engine, InputRefusal } from '../engine.ts';
import type { AbortMessage, DescribeTask, ProgressMessage, WorkerOutcome, WorkerTask } from './protocol.ts';

const engines = new Map<string, Promise<Engine>>();

function load(moduleUrl: string): Promise<Engine> {
  let engine = engines.get(moduleUrl);
  if (!engine) {
    engine = importEngine(moduleUrl);
    engines.set(moduleUrl, engine);
    engine.catch(() => engines.delete(moduleUrl));
  }
  return engine;
}

export async function runEngineTask(task: WorkerTask): Promise<unknown> {
  const controller = new AbortController();
  task.port.on('message', (message: AbortMessage) => {
    if (message.type === 'abort') controller.abort(new Error(message.reason));
  });
  let outcome: WorkerOutcome;
  try {
    const engine = await load(task.moduleUrl);
    const result = await engine.run({
      taskId: task.taskId,
      spec: task.spec,
      inputs: task.inputs,
      signal: controller.signal,
      cpu: task.cpu,
      progress(stage, percent) {
        const message: ProgressMessage = { type: 'progress', stage, percent };
        task.port.postMessage(message);
      },
    });
    outcome = { ok: true, files: result.files, notes: result.notes };
  } catch (error) {
    const err = error instanceof Error ? error : new Error(String(error));
    outcome =
      error instanceof EngineError || (err.name === 'EngineError' && 'code' in err)
        ? { ok: false, engineError: true, code: (err as EngineError).code, message: err.message }
        : err.name === 'GeometryInputError'
          ? // A model reader refused the input: deterministic, so it fails once as the caller's error
            // instead of being retried as a crash (an engine that forgot to map it still gets it right).
            { ok: false, engineError: true, code: 'INVALID_REQUEST', message: err.message }
          : { ok: false, engineError: false, code: 'UNKNOWN', message: err.message, stack: err.stack };
  } finally {
    task.port.close();
  }
  if (!outcome.ok) return outcome;
  // Output bytes move to the main thread instead of being copied.
  const buffers = new Set<ArrayBuffer>();
  for (const file of outcome.files) {
    const buffer = file.bytes.buffer;
    if (buffer instanceof ArrayBuffer && file.bytes.byteLength === buffer.byteLength) buffers.add(buffer);
  }
  return buffers.size > 0 ? move({ [transferableSymbol]: [...buffers], [valueSymbol]: outcome } as never) : outcome;
}

/** The engine's `describePrompt`, or null when the engine has none. */
export async function describePrompt(task: DescribeTask): Promise<string | null> {
  const engine = await load(task.moduleUrl);
  return engine.describePrompt ? engine.describePrompt(task.spec, task.inputs) : null;
}

/** The engine's reason to refuse a submission's inputs before it is charged, or null. */
export async function refuseInputs(task: DescribeTask): Promise<InputRefusal | null> {
  const engine = await load(task.moduleUrl);
  return engine.refuseInputs ? engine.refuseInputs(task.spec, task.inputs) : null;
}

/** Imports an engine module ahead of its first description (`kiln serve` warms every engine at start). */
export async function warmEngine(task: { moduleUrl: string }): Promise<void> {
  await load(task.moduleUrl);
}
