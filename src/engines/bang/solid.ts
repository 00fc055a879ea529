/**
 * The bridge to manifold-3d: loading the module once and building the input solid so that every output
 * triangle can be traced back to the input triangle it came from (faceID + one reserved originalID;
 * solid-mesh.ts reads them back). Every Manifold made here must be freed with delete() by its owner.
 */
import Module from 'manifold-3d';
import type { Manifold, ManifoldToplevel } from 'manifold-3d';
import type { Mesh } from '../../geometry/mesh.ts';

let loading: Promise<ManifoldToplevel> | undefined;

export function loadManifold(): Promise<ManifoldToplevel> {
  loading ??= Module().then((wasm) => {
    wasm.setup();
    return wasm;
  });
  return loading;
}

/**
 * manifold-3d aborts (a WebAssembly RuntimeError "Aborted()") on rare degenerate geometry, after which
 * that module instance is unusable. Callers drop it with this and load a fresh instance to retry.
 */
export function isKernelAbort(error: unknown): boolean {
  return error instanceof Error && (error.name === 'RuntimeError' || /Aborted\(/.test(error.message));
}

export function discardManifold(): void {
  loading = undefined;
}

export interface InputSolid {
  solid: Manifold;
  /** The originalID carried by triangles that come from the input surface (cut faces carry others). */
  originalId: number;
  /** Properties per vertex: 3 (position) or 5 (position + uv). */
  numProp: number;
}

/**
 * Builds a Manifold from a closed mesh. UVs ride along as vertex properties (interpolated on cuts);
 * vertices split only by UV seams are merged back for topology. Throws when the mesh is not a closed
 * 2-manifold (repair it first).
 */
export function buildInputSolid(wasm: ManifoldToplevel, mesh: Mesh): InputSolid {
  const nv = mesh.positions.length / 3;
  const numProp = mesh.uvs ? 5 : 3;
  const props = new Float32Array(nv * numProp);
  for (let v = 0; v < nv; v++) {
    props[v * numProp] = mesh.positions[3 * v];
    props[v * numProp + 1] = mesh.positions[3 * v + 1];
    props[v * numProp + 2] = mesh.positions[3 * v + 2];
    if (mesh.uvs) {
      props[v * numProp + 3] = mesh.uvs[2 * v];
      props[v * numProp + 4] = mesh.uvs[2 * v + 1];
    }
  }
  const triangles = mesh.indices.length / 3;
  const faceID = new Uint32Array(triangles);
  for (let t = 0; t < triangles; t++) faceID[t] = t;
  const originalId = wasm.Manifold.reserveIDs(1);
  const meshGL = new wasm.Mesh({
    numProp,
    vertProperties: props,
    triVerts: Uint32Array.from(mesh.indices),
    faceID,
    runIndex: new Uint32Array([0, mesh.indices.length]),
    runOriginalID: new Uint32Array([originalId]),
  });
  meshGL.merge();
  const solid = new wasm.Manifold(meshGL);
  const status = solid.status();
  if (status !== 'NoError') {
    solid.delete();
    throw new Error(`the model is not a closed solid (manifold-3d: ${status})`);
  }
  return { solid, originalId, numProp };
}
