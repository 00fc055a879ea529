/**
 * Input an engine can never use is refused at submission, before the price is reserved: the engine
 * says why (its optional `refuseInputs`, run in the describer's worker thread like `describePrompt`),
 * and the caller gets INVALID_REQUEST naming the field. An engine that cannot be asked (the thread is
 * down, the module fails to load) refuses nothing here: the task then fails in the worker, refunded.
 */
import type { InputFile } from '../domain/input-file.ts';
import { engineKindOf } from '../domain/task-spec.ts';
import type { EngineRegistry } from '../engines/registry.ts';
import type { PromptDescriber } from '../engines/runner/describer.ts';
import { KilnError } from '../errors.ts';
import type { Logger } from '../logger.ts';
import { isStoredInput } from './task-input.ts';
import type { SubmitRequest } from './types.ts';

export interface InputRefusalDeps {
  engines: EngineRegistry;
  describer: Pick<PromptDescriber, 'ready'> & Partial<Pick<PromptDescriber, 'refuse'>>;
  logger: Logger;
}

export async function assertEngineAcceptsInputs(
  { engines, describer, logger }: InputRefusalDeps,
  request: SubmitRequest,
): Promise<void> {
  const moduleUrl = engines.moduleUrl(engineKindOf(request.spec));
  const inputs = request.inputs.filter((input): input is InputFile => !isStoredInput(input));
  // Nothing uploaded (a text prompt, a stored asset): nothing to judge, no thread round trip.
  if (!moduleUrl || inputs.length === 0 || typeof describer.refuse !== 'function') return;
  let refusal;
  try {
    await describer.ready();
    refusal = await describer.refuse(moduleUrl, request.spec, inputs);
  } catch (error) {
    logger.warn({ err: error }, 'refuseInputs could not run; the engine will judge the inputs in the worker');
    return;
  }
  if (refusal) throw new KilnError('INVALID_REQUEST', refusal.message, { field: refusal.field });
}
