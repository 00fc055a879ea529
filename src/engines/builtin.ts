/**
 * The engines this server registers at start: [kind, module URL] pairs. Each module default-exports an
 * `Engine` (src/engines/engine.ts). Engine authors add their line here once their engine works, e.g.
 *   ['bang', new URL('./bang/index.ts', import.meta.url).href],
  ['texture', new URL('./texture/index.ts', import.meta.url).href],
  ['convert', new URL('./convert/index.ts', import.meta.url).href],
 * Until a kind is listed (or registered at run time), submissions of that kind get ENGINE_UNAVAILABLE.
 */
import type { EngineKind } from '../domain/task-spec.ts';

export const BUILTIN_ENGINES: ReadonlyArray<readonly [EngineKind, string]> = [
  ['generate-text', new URL('./generate/text/index.ts', import.meta.url).href],
  ['generate-image', new URL('./generate/image/index.ts', import.meta.url).href],
  ['bang', new URL('./bang/index.ts', import.meta.url).href],
  ['texture', new URL('./texture/index.ts', import.meta.url).href],
  ['convert', new URL('./convert/index.ts', import.meta.url).href],
  ['rig', new URL('./rig/index.ts', import.meta.url).href],
];
