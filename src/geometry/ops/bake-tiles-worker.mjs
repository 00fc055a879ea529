// Helper thread of bake-tiles.ts: builds the shading from the named module and takes bands of rows from
// the shared counter. Worker threads do not inherit the tsx loader, so it is registered here before the
// TypeScript modules are imported.
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { bakeBands } = await import('./bake-tiles.ts');

parentPort.on('message', async ({ id, job, shader }) => {
  try {
    const factory = (await import(shader.module))[shader.name];
    const baked = bakeBands(job, factory(job.mesh, shader.input));
    parentPort.postMessage({ id, baked });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});
