// Piscina worker entry. Worker threads do not inherit the tsx loader registered by bin/kiln.mjs, so it
// is registered here before the TypeScript worker (and through it the .ts engine modules) is imported.
import { register } from 'tsx/esm/api';

register();
const { runEngineTask, describePrompt, refuseInputs, warmEngine } = await import('./worker.ts');
export default runEngineTask;
export { describePrompt, refuseInputs, warmEngine };
/** Answers once the thread is up (the loader registered and the worker module imported). */
export const ready = () => true;
