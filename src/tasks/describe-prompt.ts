/** The response's `prompt` at submission: the caller's, the engine's description, or the spec's. */
import { engineKindOf } from '../domain/task-spec.ts';
import type { InputFile } from '../domain/input-file.ts';
import type { EngineRegistry } from '../engines/registry.ts';
import type { PromptDescriber } from '../engines/runner/describer.ts';
import type { Logger } from '../logger.ts';
import { isStoredInput, type TaskInput } from './task-input.ts';
import type { SubmitRequest } from './types.ts';

/** How long `describePrompt` may take before the submission goes on without it. */
const DESCRIBE_PROMPT_TIMEOUT_MS = 2_000;

export interface DescribeDeps {
  engines: EngineRegistry;
  /** Runs engines' describePrompt off this thread (src/engines/runner/describer.ts). */
  describer: Pick<PromptDescriber, 'describe' | 'ready'>;
  logger: Logger;
}

/** The inputs that came with the request (stored references are not read back for the prompt). */
function uploadedInputs(inputs: TaskInput[]): InputFile[] {
  return inputs.filter((input): input is InputFile => !isStoredInput(input));
}

/**
 * The response's prompt: the caller's, else the engine's description (in the describer's worker
 * thread once it is up; bounded in time, the engine's module load included), else the spec's.
 */
export async function describeSubmission(
  { engines, describer, logger }: DescribeDeps,
  request: SubmitRequest,
): Promise<string> {
  if (request.prompt !== undefined) return request.prompt;
  const fallback = request.spec.prompt ?? '';
  try {
    await describer.ready();
  } catch (error) {
    logger.warn({ err: error }, 'describePrompt thread unavailable; using the request prompt');
    return fallback;
  }
  const moduleUrl = engines.moduleUrl(engineKindOf(request.spec));
  const described = (
    moduleUrl ? describer.describe(moduleUrl, request.spec, uploadedInputs(request.inputs)) : Promise.resolve(fallback)
  )
    .then((text) => (typeof text === 'string' ? text : fallback))
    .catch((error: unknown) => {
      logger.warn({ err: error }, 'describePrompt failed; using the request prompt');
      return fallback;
    });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(fallback), DESCRIBE_PROMPT_TIMEOUT_MS);
  });
  return Promise.race([described, timeout]).finally(() => clearTimeout(timer));
}
