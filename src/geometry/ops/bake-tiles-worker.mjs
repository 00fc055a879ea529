// Helper thread of bake-tiles.ts: for each bake it builds the shading from the named module once, then
// takes bands of each layer it is sent from that layer's shared counter; before a bake it may be asked
// to run a bake's set-up function (callOnHelper) and send back its result. Worker threads do not inherit
// the tsx loader, so it is registered here before the TypeScript modules are imported.
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { bakeBands, banding } = await import('./bake-tiles.ts');

/** Per bake: its mesh, bands and layers (built when its first layer comes). */
const bakes = new Map();

parentPort.on('message', async (message) => {
  try {
    if (message.type === 'start') {
      const { mesh, size, bandRows, shader } = message;
      bakes.set(message.id, {
        mesh,
        layers: import(shader.module).then((module) => module[shader.name](mesh, shader.input)),
        bands: banding(mesh, size, bandRows),
      });
    } else if (message.type === 'layer') {
      const bake = bakes.get(message.id);
      if (!bake) return;
      const layers = await bake.layers;
      bakeBands(bake.mesh, bake.bands, layers[message.layer], message.job, true);
    } else if (message.type === 'end') {
      bakes.delete(message.id);
    } else if (message.type === 'call') {
      const { module, name, input } = message.fn;
      try {
        const value = await (await import(module))[name](input);
        parentPort.postMessage({ type: 'result', id: message.id, value });
      } catch (error) {
        const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
        parentPort.postMessage({ type: 'call-failed', id: message.id, error: text });
      }
    }
  } catch (error) {
    const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
    parentPort.postMessage({ type: 'failed', id: message.id, error: text });
  }
});
parentPort.postMessage({ type: 'ready' });
