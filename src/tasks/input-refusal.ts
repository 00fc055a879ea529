/**
 * Input an engine can never use is refused at submission, before the price is reserved: the engine
 * says why (its optional `refuseInputs`), and the caller gets INVALID_REQUEST naming the field.
 */
import { engineKindOf, type TaskSpec } from '../domain/task-spec.ts';
import type { EngineInputFile } from '../engines/engine.ts';
import type { EngineRegistry } from '../engines/registry.ts';
import { KilnError } from '../errors.ts';

export async function assertEngineAcceptsInputs(engines: EngineRegistry, spec: TaskSpec, inputs: EngineInputFile[]): Promise<void> {
  // An engine that cannot even load here fails the task in the worker, refunded, as before.
  const engine = await engines.load(engineKindOf(spec)).catch(() => null);
  const refusal = engine?.refuseInputs ? await engine.refuseInputs(spec, inputs) : null;
  if (refusal) throw new KilnError('INVALID_REQUEST', refusal.message, { field: refusal.field });
}
