/**
 * Which chain runs a task: the first routing rule (KILN_ENGINES_FILE) whose tiers and input shape match
 * the task, else the kind's default chain (KILN_ENGINE_<KIND>). Pure: runs in the engine thread on the
 * resolved spec.
 */
import type { TaskSpec } from '../../domain/task-spec.ts';
import type { EngineLink, EngineRoute, InputShape, RemoteEngineConfig } from './config.ts';

/** One image, several labelled views, or a prompt alone. */
export function inputShapeOf(spec: TaskSpec): InputShape | undefined {
  if (spec.kind !== 'generate') return undefined;
  if (spec.mode === 'text' || spec.imageCount === 0) return 'text';
  return spec.imageCount > 1 ? 'several-views' : 'one-image';
}

function matches(route: EngineRoute, spec: TaskSpec): boolean {
  if (route.tiers && !(spec.kind === 'generate' && route.tiers.includes(spec.tier))) return false;
  if (route.inputs) {
    const shape = inputShapeOf(spec);
    if (!shape || !route.inputs.includes(shape)) return false;
  }
  return true;
}

export function chooseChain(
  config: Pick<RemoteEngineConfig, 'chain' | 'routes'>,
  spec: TaskSpec,
): { chain: EngineLink[]; rule?: string } {
  const route = config.routes?.find((candidate) => matches(candidate, spec));
  return route ? { chain: route.chain, rule: route.where } : { chain: config.chain };
}
