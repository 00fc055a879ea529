/** Lazy, shared manifold-3d WASM instance. Callers free every object they create with `delete()`. */
import Module from 'manifold-3d';

type Toplevel = Awaited<ReturnType<typeof Module>>;
let instance: Promise<Toplevel> | null = null;

export function manifoldModule(): Promise<Toplevel> {
  if (!instance) {
    instance = Module().then((wasm) => {
      wasm.setup();
      return wasm;
    });
  }
  return instance;
}
