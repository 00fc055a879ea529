/**
 * manifold-3d objects live in WASM memory and must be freed with delete(). Generators chain many
 * operations (translate → rotate → union …) whose intermediates would leak, so while an arena is open
 * every Manifold / CrossSection the library returns is recorded, and closing the arena frees them all.
 * Generation is synchronous, so one open arena per thread is enough.
 */
import Module, { type ManifoldToplevel } from 'manifold-3d';

let modulePromise: Promise<ManifoldToplevel> | undefined;
let current: Set<{ delete(): void }> | undefined;

const MANIFOLD_METHODS = [
  'translate',
  'rotate',
  'scale',
  'mirror',
  'add',
  'subtract',
  'intersect',
  'transform',
  'hull',
  'refine',
  'refineToLength',
  'smoothOut',
  'smoothByNormals',
  'warp',
  'asOriginal',
  'simplify',
  'trimByPlane',
  'setProperties',
  'calculateNormals',
  'minkowskiSum',
];
const MANIFOLD_STATICS = [
  'cube',
  'cylinder',
  'sphere',
  'union',
  'difference',
  'intersection',
  'hull',
  'extrude',
  'revolve',
  'levelSet',
  'compose',
  'ofMesh',
  'smooth',
  'tetrahedron',
];
const SECTION_METHODS = [
  'translate',
  'rotate',
  'scale',
  'mirror',
  'add',
  'subtract',
  'intersect',
  'offset',
  'simplify',
  'hull',
  'transform',
];
const SECTION_STATICS = ['square', 'circle', 'union', 'difference', 'intersection', 'hull', 'compose', 'ofPolygons'];
const SECTION_TO_MANIFOLD = ['extrude', 'revolve'];

function record<T>(value: T): T {
  if (current && value && typeof (value as { delete?: unknown }).delete === 'function')
    current.add(value as unknown as { delete(): void });
  if (current && Array.isArray(value)) for (const v of value) record(v);
  return value;
}

function patch(target: Record<string, unknown>, names: string[]): void {
  for (const name of names) {
    const original = target[name];
    if (typeof original !== 'function') continue;
    target[name] = function (this: unknown, ...args: unknown[]) {
      return record((original as (...a: unknown[]) => unknown).apply(this, args));
    };
  }
}

/** The manifold-3d module, loaded once per thread with allocation tracking installed. */
export function manifoldModule(): Promise<ManifoldToplevel> {
  modulePromise ??= Module().then((wasm) => {
    wasm.setup();
    patch(wasm.Manifold.prototype as unknown as Record<string, unknown>, MANIFOLD_METHODS);
    patch(wasm.Manifold as unknown as Record<string, unknown>, MANIFOLD_STATICS);
    patch(wasm.CrossSection.prototype as unknown as Record<string, unknown>, [
      ...SECTION_METHODS,
      ...SECTION_TO_MANIFOLD,
    ]);
    patch(wasm.CrossSection as unknown as Record<string, unknown>, SECTION_STATICS);
    // Constructors (new CrossSection(polygons)) are recorded explicitly by callers via `keep`.
    return wasm;
  });
  return modulePromise;
}

/** Runs `fn` with an open arena and frees every WASM object it made, whatever happens. */
export function withArena<T>(fn: () => T): T {
  if (current) throw new Error('withArena does not nest');
  current = new Set();
  try {
    return fn();
  } finally {
    const objects = current;
    current = undefined;
    for (const o of objects) {
      try {
        o.delete();
      } catch {
        // already freed by the library (e.g. consumed by a batch op): nothing to release
      }
    }
  }
}

/** Records an object made outside the patched calls (a constructor) so the arena frees it. */
export function keep<T extends { delete(): void }>(value: T): T {
  return record(value);
}
